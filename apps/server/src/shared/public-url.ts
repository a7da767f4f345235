import type { Env } from '../env.ts';

/**
 * The site's public base URL without a trailing slash: PUBLIC_URL, else the origin the request came
 * to (development). Links shown to players and the URLs providers are given (and sign) start with it.
 */
export function publicBase(env: Env, requestOrigin: string): string {
  return (env.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, '');
}
