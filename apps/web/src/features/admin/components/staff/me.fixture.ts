import { rolePermissions, type StaffMeResponse, type StaffRole } from '@rewards/contracts';

/** `GET /api/admin/me` as the server answers it for a member of this role; `changes` override fields. */
export function me(role: StaffRole, changes: Partial<StaffMeResponse> = {}): StaffMeResponse {
  return {
    id: role === 'owner' ? 1 : 2,
    username: role === 'owner' ? 'olivia' : 'marco',
    role,
    bootstrap: false,
    totpEnabled: false,
    permissions: [...rolePermissions[role]],
    moderatorApproveLimit: 500,
    ...changes,
  };
}
