// The back-office roles in words, both languages (issue 21 §4).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BackOfficeRole } from '../../../../contract/api/backOfficeRoles';

export const ROLE_LABELS: Record<BackOfficeRole, MessageDescriptor> = {
  reviewer: msg`Reviewer`,
  approver: msg`Approver`,
  support: msg`Support`,
  admin: msg`Admin`,
};
