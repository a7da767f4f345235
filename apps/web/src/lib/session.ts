import { useSyncExternalStore } from 'react';

/**
 * The player's session in the browser. Every read and write of localStorage goes through this module.
 * The stored username means "signed in" (spec §4); the token authorises API calls (design §4).
 */
export const STORAGE_KEYS = {
  username: 'rbx-username',
  robloxId: 'rbx-robloxId',
  userId: 'rbx-userid',
  balance: 'rbx-balance',
  token: 'auth-token',
  isVerified: 'isVerified',
  transactions: 'transactions',
  referralsMade: 'referralsMade',
  referralsEarned: 'referralsEarned',
} as const;

export interface Session {
  username: string;
  robloxId: number | null;
  token: string | null;
  referralsMade: number;
  referralsEarned: number;
}

export interface SessionInput {
  username: string;
  robloxId: number;
  token: string;
  referralsMade: number;
  referralsEarned: number;
}

export type SessionEndReason = 'logout' | 'expired';

const listeners = new Set<() => void>();
let endReason: SessionEndReason | null = null;
let cached: { raw: string; session: Session | null } | undefined;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

function toNumber(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current session, or null when no username is stored. Stable identity while nothing changes. */
export function getSession(): Session | null {
  const values = [
    read(STORAGE_KEYS.username),
    read(STORAGE_KEYS.robloxId),
    read(STORAGE_KEYS.token),
    read(STORAGE_KEYS.referralsMade),
    read(STORAGE_KEYS.referralsEarned),
  ] as const;
  const raw = JSON.stringify(values);
  if (cached?.raw === raw) return cached.session;
  const [username, robloxId, token, made, earned] = values;
  const session: Session | null = username
    ? {
        username,
        robloxId: robloxId === null ? null : toNumber(robloxId, 0) || null,
        token: token || null,
        referralsMade: toNumber(made, 0),
        referralsEarned: toNumber(earned, 0),
      }
    : null;
  cached = { raw, session };
  return session;
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token) || null;
}

/** Stores what a successful sign-in returned. */
export function saveSession(input: SessionInput): void {
  endReason = null;
  write(STORAGE_KEYS.username, input.username);
  write(STORAGE_KEYS.robloxId, String(input.robloxId));
  write(STORAGE_KEYS.token, input.token);
  write(STORAGE_KEYS.referralsMade, String(input.referralsMade));
  write(STORAGE_KEYS.referralsEarned, String(input.referralsEarned));
  emit();
}

/** Removes every stored player item (logout, expired session). */
export function clearSession(reason: SessionEndReason = 'logout'): void {
  endReason = reason;
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  emit();
}

/** Why the last session in this tab ended (null if none ended since the last sign-in or page load). */
export function getSessionEndReason(): SessionEndReason | null {
  return endReason;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage); // other tabs
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The referral link this browser first arrived with (`/login?ref=`). The referrer counts only when it
 * reaches the server from the browser that proves the account, so it is kept here, across sign-outs,
 * until an account proves itself in this browser. The first link wins.
 */
const REFERRAL_KEY = 'rbx-ref';

export function rememberReferral(ref: string | undefined): void {
  if (ref && !read(REFERRAL_KEY)) write(REFERRAL_KEY, ref.slice(0, 20));
}

export function storedReferral(): string | undefined {
  return read(REFERRAL_KEY) || undefined;
}

/** An account proved itself here: the link has been used. */
export function forgetReferral(): void {
  write(REFERRAL_KEY, null);
}

/**
 * The session the build's prerender (src/prerender.tsx) renders a signed-in page's shell with: a
 * player with no name, picture or token yet. Null in the browser, where hydration renders signed out.
 */
let prerenderSession: Session | null = null;

export function setPrerenderSession(session: Session | null): void {
  prerenderSession = session;
}

/** The session as React state; re-renders on sign-in, logout and changes made in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => prerenderSession);
}
