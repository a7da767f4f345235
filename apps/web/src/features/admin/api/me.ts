import type {
  ChangeOwnPasswordRequest,
  StaffMeResponse,
  StaffPermission,
  TotpEnableResponse,
  TotpSetupResponse,
} from '@rewards/contracts';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate } from './client';

/** `GET /api/admin/me`: who is signed in, their role and what it lets them do. */
export function useAdminMe() {
  return useAdminQuery<StaffMeResponse>(adminKeys.me, '/api/admin/me', { staleTime: 60_000 });
}

/**
 * Whether the signed-in member's role allows this. False until the server said who is signed in: a
 * control appears once allowed rather than vanishing when refused (the server checks every call anyway).
 */
export function useCan(permission: StaffPermission): boolean {
  return useAdminMe().data?.permissions.includes(permission) ?? false;
}

export function useChangeOwnPassword() {
  return useAdminMutation(
    (body: ChangeOwnPasswordRequest) => adminFetch<void>('/api/admin/me/password', { method: 'POST', body }),
    () => invalidate(adminKeys.audit),
  );
}

/** A new secret and its QR code; two-factor sign-in is on only once a code from the app confirms it. */
export function useStartTotp() {
  return useAdminMutation(
    () => adminFetch<TotpSetupResponse>('/api/admin/me/totp/setup', { method: 'POST' }),
    () => undefined,
  );
}

function refreshMe(): void {
  invalidate(adminKeys.me, adminKeys.staff, adminKeys.audit);
}

/** Turns two-factor sign-in on; the answer holds the recovery codes, shown this once. */
export function useEnableTotp() {
  return useAdminMutation(
    (code: string) =>
      adminFetch<TotpEnableResponse>('/api/admin/me/totp/enable', { method: 'POST', body: { code } }),
    refreshMe,
  );
}

export function useDisableTotp() {
  return useAdminMutation(
    (code: string) => adminFetch<void>('/api/admin/me/totp/disable', { method: 'POST', body: { code } }),
    refreshMe,
  );
}
