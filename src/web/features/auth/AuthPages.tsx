// Pages of the sign-in flows. Each is a frame with its title until its issue builds the flow.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function LoginPage() {
  return <PageFrame title={<Trans>Log in</Trans>} />;
}

export function RegisterPage() {
  return <PageFrame title={<Trans>Register</Trans>} />;
}

export function ForgotPasswordPage() {
  return <PageFrame title={<Trans>Forgot password</Trans>} />;
}

export function ResetPasswordPage() {
  return <PageFrame title={<Trans>Reset password</Trans>} />;
}

export function ActivateAccountPage() {
  return <PageFrame title={<Trans>Activate your account</Trans>} />;
}
