import type { ErrorBody, ErrorCode } from '@rewards/contracts';

/** What an error answer carries beside its sentence and code: a refusal's reason and figures. */
export type ErrorExtra = Omit<Partial<ErrorBody>, 'error' | 'code'>;

/**
 * The one error type services throw. The error handler turns it into
 * `{ error, code, ...extra }` with `status`; `extra` carries a refusal's details (`retryAfter`,
 * `reversals`). The spec's legacy fields come from the route's `legacyErrorFields`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: ErrorExtra) =>
  new AppError(400, 'VALIDATION', message, extra);
export const unauthenticated = (message = 'Please sign in again.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string, extra?: ErrorExtra) =>
  new AppError(403, 'FORBIDDEN', message, extra);
export const banned = (extra?: ErrorExtra) =>
  new AppError(403, 'BANNED', 'This account is banned. Contact support on our community chat server.', extra);
export const notFound = (message: string, extra?: ErrorExtra) =>
  new AppError(404, 'NOT_FOUND', message, extra);
export const conflict = (message: string, extra?: ErrorExtra) =>
  new AppError(409, 'CONFLICT', message, extra);
export const robloxUnavailable = () =>
  new AppError(503, 'ROBLOX_UNAVAILABLE', 'Roblox is not responding, please try again');
