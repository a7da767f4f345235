import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Cloudflare Turnstile's server-side check, with the real shapes
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * `POST /turnstile/v0/siteverify` with form-encoded (or JSON) `secret`, `response`, `remoteip`
 * answers `{ success, "error-codes": [...], challenge_ts, hostname, action, cdata }`. Tokens are made
 * by `issue()` (what the widget does in a browser), are single-use and expire after 300 s.
 */
export interface TurnstileStandin {
  /** For TURNSTILE_VERIFY_URL. */
  verifyUrl: string;
  siteKey: string;
  secret: string;
  /** A fresh token, as the widget would hand the page. */
  issue(action?: string): string;
  /** Every siteverify call, as received. */
  calls: Array<{ secret: string; response: string; remoteip: string }>;
  /** `down`: connections are dropped unanswered; `error`: HTTP 500. */
  mode: 'up' | 'down' | 'error';
  close(): Promise<void>;
}

const TOKEN_LIFETIME_MS = 300_000;

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startTurnstileStandin(): Promise<TurnstileStandin> {
  const secret = `0x4AAAAAAA${randomBytes(12).toString('hex')}`;
  const tokens = new Map<string, { action: string; issuedAt: number; used: boolean }>();
  const state: Pick<TurnstileStandin, 'calls' | 'mode'> = { calls: [], mode: 'up' };

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') {
        res.writeHead(404).end();
        return;
      }
      if (state.mode === 'down') {
        req.socket.destroy();
        return;
      }
      const body = await readBody(req);
      state.calls.push({
        secret: body.secret ?? '',
        response: body.response ?? '',
        remoteip: body.remoteip ?? '',
      });
      if (state.mode === 'error') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
        return;
      }
      const refuse = (...codes: string[]) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, 'error-codes': codes, messages: [] }));
      if (!body.secret) return refuse('missing-input-secret');
      if (body.secret !== secret) return refuse('invalid-input-secret');
      if (!body.response) return refuse('missing-input-response');
      const token = tokens.get(body.response);
      if (!token) return refuse('invalid-input-response');
      if (token.used || Date.now() - token.issuedAt > TOKEN_LIFETIME_MS)
        return refuse('timeout-or-duplicate');
      token.used = true;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          success: true,
          'error-codes': [],
          challenge_ts: new Date(token.issuedAt).toISOString(),
          hostname: 'localhost',
          action: token.action,
          cdata: '',
          metadata: { interactive: false },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    siteKey: '0x4AAAAAAAstandinSiteKey',
    secret,
    issue(action = '') {
      const token = `XXXX.DUMMY.TOKEN.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, { action, issuedAt: Date.now(), used: false });
      return token;
    },
    get calls() {
      return state.calls;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
