// `npm run dev:api`: the API with auto-reload, pointed at the local Roblox stand-in unless told otherwise.
import { spawn } from 'node:child_process';

const standin = `http://127.0.0.1:${process.env.ROBLOX_STANDIN_PORT ?? 4100}`;
const env = { ...process.env };
for (const name of ['USERS', 'THUMBNAILS', 'GAMEPASS', 'ECONOMY', 'INVENTORY', 'GROUPS']) {
  env[`ROBLOX_${name}_API`] ??= standin;
}
env.ROBLOX_PAYOUT_COOKIE ??= 'dev-payout-cookie';
// Sign in with Roblox against the stand-in, which registers this client at start (its main.ts).
env.ROBLOX_OAUTH_ISSUER ??= `${standin}/oauth/`;
env.ROBLOX_OAUTH_CLIENT_ID ??= 'dev-client';
env.ROBLOX_OAUTH_CLIENT_SECRET ??= 'dev-client-secret';
env.CPX_SECURE_HASH ??= 'dev-cpx-secret';
const child = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env,
});
child.on('exit', (code) => process.exit(code ?? 0));
