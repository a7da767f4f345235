// What the API document (GET /api/openapi.json) says about who may call a route. Routes spread one
// of these into their schema; the server names the two security schemes.

/** The admin console's session cookie (set by POST /api/admin/login). */
export const ADMIN_COOKIE_SCHEME = 'adminCookie';
/** A player's session token (from POST /api/login), sent as `Authorization: Bearer <token>`. */
export const PLAYER_BEARER_SCHEME = 'playerBearer';

/** A route of the admin console: the admin cookie is required. */
export const adminRoute = { tags: ['admin'], security: [{ [ADMIN_COOKIE_SCHEME]: [] }] } as const;
/** A route for signed-in players: the bearer token is required. */
export const playerRoute = { tags: ['player'], security: [{ [PLAYER_BEARER_SCHEME]: [] }] } as const;
/** A route anyone may call (providers' postbacks, the leaderboard, sign-in). */
export const publicRoute = { tags: ['public'], security: [] } as const;
