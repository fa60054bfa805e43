// Pages of the sign-in flows, as the route table imports them. Each loads on demand (its own chunk):
// forms, schemas, the slider and the password cipher stay out of the app's first load.
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./login/LoginPage').then((m) => ({ default: m.LoginPage })));

export const RegisterPage = lazy(() =>
  import('./register/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('./password/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
export const ActivateAccountPage = lazy(() =>
  import('./activation/ActivateAccountPage').then((m) => ({ default: m.ActivateAccountPage })),
);
