import type {
  CreateStaffRequest,
  StaffListResponse,
  StaffMember,
  UpdateStaffRequest,
} from '@rewards/contracts';
import { useAdminCreate, useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys, invalidate } from './client';

/** `GET /api/admin/staff` (owner only). */
export function useStaff(enabled = true) {
  return useAdminQuery<StaffListResponse>(adminKeys.staff, '/api/admin/staff', { enabled, staleTime: 0 });
}

function refresh(): void {
  // `me` too: the owner may have changed their own row.
  invalidate(adminKeys.staff, adminKeys.me, adminKeys.audit);
}

export function useCreateStaff() {
  return useAdminCreate<CreateStaffRequest, StaffMember>('/api/admin/staff', refresh);
}

/** A new role, or disabled / enabled (a disabled member cannot sign in; their sessions end). */
export function useUpdateStaff() {
  return useAdminMutation(
    ({ id, changes }: { id: number; changes: UpdateStaffRequest }) =>
      adminFetch<StaffMember>(`/api/admin/staff/${id}`, { method: 'PATCH', body: changes }),
    refresh,
  );
}

/** A new password set by the owner; it also turns the member's two-factor sign-in off. */
export function useResetStaffPassword() {
  return useAdminMutation(
    ({ id, password }: { id: number; password: string }) =>
      adminFetch<void>(`/api/admin/staff/${id}/reset-password`, { method: 'POST', body: { password } }),
    refresh,
  );
}
