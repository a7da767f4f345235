import type { BrowserContext } from 'playwright-core';

/** A signed-in player as the site stores one in the browser (`auth-token`, `rbx-username`, `rbx-robloxId`). */
export interface StoredSession {
  token: string;
  robloxId: number;
  name: string;
}

/**
 * Makes `context` open the site (`baseUrl`) signed in: the player's session is written to storage
 * before any of the site's scripts run, and with `adminCookie` (`admin_session=…; …`) the admin is
 * signed in too (the console is a page of the signed-in app, so its admin is a signed-in player).
 */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  player: StoredSession,
  adminCookie?: string,
): Promise<BrowserContext> {
  await context.addInitScript(
    ({ token, robloxId, name, site }) => {
      // The site's pages only: not a new tab's blank page nor an offer wall's frame.
      if (location.origin !== site || localStorage.getItem('auth-token')) return;
      localStorage.setItem('auth-token', token);
      localStorage.setItem('rbx-username', name);
      localStorage.setItem('rbx-robloxId', String(robloxId));
    },
    { ...player, site: baseUrl },
  );
  if (adminCookie) {
    const [name, value] = adminCookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
  }
  return context;
}
