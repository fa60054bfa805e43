// The back-office accounts API (src/contract/api/backOfficeAccounts.ts) as the accounts page needs
// it. Changes are page-handled: a refusal (a taken email, an admin's own account) comes back as an
// ApiOutcome the page explains inline; no answer at all reads as 'internal'.
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import {
  BackOfficeAccountPaths,
  backOfficeAccountPath,
  type BackOfficeAccount,
  type CreateBackOfficeAccountRequest,
} from '../../../../contract/api/backOfficeAccounts';
import type { BackOfficeRole } from '../../../../contract/api/backOfficeRoles';
import type { Page } from '../../../../contract/envelope';
import { outcomeOf } from '../../../api/accounts';
import { api } from '../../../api/api';
import { isTransportFailure } from '../../../api/transportFailure';

const pageHandled = { isPageHandle: true } as const;

async function change(path: string, body: unknown): Promise<ApiOutcome<BackOfficeAccount>> {
  try {
    return outcomeOf(await api.post<BackOfficeAccount, typeof pageHandled>(path, body, pageHandled));
  } catch (error) {
    if (isTransportFailure(error)) return { kind: 'refused', code: 'internal' };
    throw error;
  }
}

export const accountsApi = {
  list: (page: number, pageSize: number) =>
    api.get<Page<BackOfficeAccount>>(BackOfficeAccountPaths.list, { page, pageSize }),
  create: (request: CreateBackOfficeAccountRequest) => change(BackOfficeAccountPaths.create, request),
  setRoles: (id: string, roles: BackOfficeRole[]) =>
    change(backOfficeAccountPath(BackOfficeAccountPaths.setRoles, id), { roles }),
  disable: (id: string) => change(backOfficeAccountPath(BackOfficeAccountPaths.disable, id), {}),
  enable: (id: string) => change(backOfficeAccountPath(BackOfficeAccountPaths.enable, id), {}),
};
