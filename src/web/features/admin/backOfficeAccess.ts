// What the signed-in back-office account may do (issue 21 §4), read from the session user's roles
// with the same table the server's route guard reads (src/contract/api/backOfficeRoles.ts). The
// server decides; this only keeps the pages from offering what would be refused.
import {
  isBackOfficeRole,
  rolesAllow,
  type BackOfficePermission,
  type BackOfficeRole,
} from '../../../contract/api/backOfficeRoles';
import type { SessionUserInfo } from '../../session/sessionStore';
import { useSessionUser } from '../../session/useSessionUser';

export function backOfficeRolesOf(info: SessionUserInfo | undefined): BackOfficeRole[] {
  const roles = info?.backOfficeRoles;
  return Array.isArray(roles) ? roles.filter(isBackOfficeRole) : [];
}

export function useBackOfficeRoles(): BackOfficeRole[] {
  return backOfficeRolesOf(useSessionUser()?.userInfo);
}

export function useMay(permission: BackOfficePermission): boolean {
  return rolesAllow(useBackOfficeRoles(), permission);
}
