import { standinControl, startStandin } from './standin.ts';

const port = Number(process.env.ROBLOX_STANDIN_PORT ?? 4100);
const standin = await startStandin({ port, host: '127.0.0.1' });
console.log(`Roblox stand-in listening on ${standin.url}`);

// `npm run dev`: the local site is registered as Sign in with Roblox's client, as the creator
// dashboard would register the real site (scripts/dev-api.mjs uses the same id and secret).
await standinControl(standin.url)('POST', '/oauth/client', {
  client_id: 'dev-client',
  client_secret: 'dev-client-secret',
  redirect_uris: [4000, 5173].map((p) => `http://localhost:${p}/api/auth/roblox/callback`),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
