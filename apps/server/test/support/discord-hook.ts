import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  close(): Promise<void>;
}

/** A local HTTP server standing in for Discord's webhook; keeps every message it was sent. */
export async function startDiscordHook(): Promise<DiscordHook> {
  const posts: DiscordPost[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/1/abc`,
    posts,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}
