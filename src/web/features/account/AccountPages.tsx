// Pages of the signed-in account, loaded on demand (their own chunks).
import { lazy } from 'react';

export const UserCenterPage = lazy(() =>
  import('./UserCenterPage').then((m) => ({ default: () => <m.UserCenterPage /> })),
);
export const ModifyPasswordPage = lazy(() =>
  import('./changePassword/ModifyPasswordPage').then((m) => ({ default: m.ModifyPasswordPage })),
);
