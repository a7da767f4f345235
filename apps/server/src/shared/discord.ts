import type { Env } from '../env.ts';

export const DISCORD_TIMEOUT_MS = 3_000;

export interface NotifyLog {
  warn(obj: object, msg: string): void;
}

/**
 * Tells the Discord webhook (DISCORD_WEBHOOK_URL, optional) about a withdrawal event. Never throws
 * and is never awaited by a request: a slow or broken webhook is logged and blocks nothing.
 * Mentions are disabled, so a username can never ping @everyone.
 */
export function notifyDiscord(
  env: Pick<Env, 'DISCORD_WEBHOOK_URL'>,
  content: string,
  log?: NotifyLog,
): Promise<void> {
  const url = env.DISCORD_WEBHOOK_URL;
  if (!url) return Promise.resolve();
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: content.slice(0, 1900), allowed_mentions: { parse: [] } }),
    signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
  })
    .then(async (res) => {
      await res.body?.cancel();
      if (!res.ok) log?.warn({ status: res.status }, 'Discord webhook refused the notification');
    })
    .catch((err: unknown) => {
      log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'Discord webhook failed');
    });
}

/** Usernames are Roblox names (letters, digits, underscore); escape markdown anyway. */
export function plain(text: string): string {
  return text.replace(/[\\*_`~|>[\]()@#]/g, (c) => `\\${c}`);
}
