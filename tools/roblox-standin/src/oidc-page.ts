import type { FastifyReply } from 'fastify';
import type { StandinUser } from './state.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;text-align:left;cursor:pointer}
small{color:#555}
</style></head><body>${body}</body></html>`;

/**
 * The stand-in's consent screen: one button per test player. Picking one sends the same authorize
 * request again with `login_hint`, which issues the code.
 */
export function pickPlayerPage(
  reply: FastifyReply,
  users: StandinUser[],
  query: Record<string, string | undefined>,
) {
  const hidden = Object.entries(query)
    .filter(([key, value]) => key !== 'login_hint' && value !== undefined)
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value!)}">`)
    .join('');
  const buttons = users
    .map(
      (u) =>
        `<button type="submit" name="login_hint" value="${u.id}">${escapeHtml(u.name)} <small>(${escapeHtml(u.displayName)}, ${u.id})</small></button>`,
    )
    .join('');
  return reply
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Sign in with Roblox (stand-in)',
        `<h1>Roblox stand-in</h1><p>Pick the test player to sign in as.</p><form method="get" action="/oauth/v1/authorize">${hidden}${buttons}</form>`,
      ),
    );
}

export function refusalPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Sign-in refused', `<h1>Sign-in refused</h1><p>${escapeHtml(message)}</p>`));
}
