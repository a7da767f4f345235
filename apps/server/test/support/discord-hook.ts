import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

/** A webhook message as the server sends it. */
export interface DiscordPost {
  content: string;
  allowed_mentions?: { parse: string[] };
}

export interface DiscordHook {
  /** The DISCORD_WEBHOOK_URL to run with. */
  url: string;
  /** What the webhook was sent, oldest first (`content` is the message). */
  posts: DiscordPost[];
  /** While true, the hook keeps each message's request open without answering, as a hanging webhook. */
  hang: boolean;
  /**
   * Every message a server in this process has sent to the hook, once all of them have arrived: a
   * message counts from the moment the server calls `fetch`, so none still on its way is missed.
   */
  settled(): Promise<DiscordPost[]>;
  /** Messages sent to the hook by this process whose `fetch` has not finished (answered or given up). */
  unfinished(): number;
  close(): Promise<void>;
}

/** Per hook URL: the messages this process started sending there, and how many have not finished. */
const sends = new Map<string, { started: number; unfinished: number }>();
let counting = false;

/**
 * Counts this process's `fetch` calls to the hooks' URLs (the server under test runs in this process
 * and sends with the global `fetch`, shared/discord.ts). Installed once per test file.
 */
function countSends(): void {
  if (counting) return;
  counting = true;
  const send = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const counted = sends.get(url);
    if (!counted) return send(input, init);
    counted.started++;
    counted.unfinished++;
    return send(input, init).finally(() => counted.unfinished--);
  };
}

/** A local HTTP server standing in for Discord's webhook; keeps every message it was sent. */
export async function startDiscordHook(): Promise<DiscordHook> {
  const posts: DiscordPost[] = [];
  const hook = { hang: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!hook.hang) res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/webhooks/1/abc`;
  countSends();
  const counted = { started: 0, unfinished: 0 };
  sends.set(url, counted);
  return Object.assign(hook, {
    url,
    posts,
    async settled() {
      await expect
        .poll(() => posts.length, { message: `the ${counted.started} webhook messages sent to arrive` })
        .toBe(counted.started);
      return posts;
    },
    unfinished: () => counted.unfinished,
    async close() {
      sends.delete(url);
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  });
}
