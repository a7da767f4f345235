import { startStandin } from './standin.ts';

const port = Number(process.env.ROBLOX_STANDIN_PORT ?? 4100);
const standin = await startStandin({ port, host: '127.0.0.1' });
console.log(`Roblox stand-in listening on ${standin.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
