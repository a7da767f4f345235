// For app.ts: the admin session hook that closes every admin path.
export { adminAuthPlugin } from './session-hook.ts';
