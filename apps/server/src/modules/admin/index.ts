// For app.ts: the admin session hook that closes every admin path.
export { ADMIN_COOKIE, adminAuthPlugin } from './session-hook.ts';
