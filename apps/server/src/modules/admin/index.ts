// For app.ts: the admin session hook that closes every admin path.
export { ADMIN_COOKIE, adminAuthPlugin } from './session-hook.ts';
// For server.ts: the bootstrap sessions of a changed ADMIN_PASSWORD end at start.
export { endSessionsOfOldAdminPassword } from './bootstrap-password.ts';
