// Pages of the sign-in flows, as the route table imports them. Login is the landing page of every
// signed-out visit and loads with the app; the others load on demand (their own chunks).
import { lazy } from 'react';

export { LoginPage } from './login/LoginPage';

export const RegisterPage = lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.RegisterPage })));
export const ForgotPasswordPage = lazy(() =>
  import('./password/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
export const ActivateAccountPage = lazy(() =>
  import('./activation/ActivateAccountPage').then((m) => ({ default: m.ActivateAccountPage })),
);
