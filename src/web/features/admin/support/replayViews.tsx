// The flows whose real view support can replay (issue 9 §4, issue 19 §5): every flow that registers
// itself as a diagnostic source, each loaded on demand (none of it is in the first load) and given
// the inert actor restored from the snapshot. Machines no page runs on its own (the lifecycles,
// the slider, an upload, the back office's decisions) show the diagram and the context only.
import { lazy, useEffect, useState, type ComponentType } from 'react';
import type { AnyActorRef } from 'xstate';
import { registryEntry } from '../../../../../machines/registry';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { startInertFresh } from './inertReplayActor';

export interface ReplayViewProps {
  actor: AnyActorRef;
  transport: UploadTransport;
}

/** The slider the sign-in forms host is a separate actor, not in the snapshot: a fresh inert one. */
function useInertCaptcha(): AnyActorRef {
  const [captcha] = useState(() => startInertFresh(registryEntry('captcha')!.machine));
  useEffect(() => () => captcha.stop(), [captcha]);
  return captcha;
}

const CertificationReplay = lazy(() =>
  import('../../certification/CertificationWizard').then(({ CertificationView }) => ({
    default: ({ actor, transport }: ReplayViewProps) => (
      <CertificationView actor={actor as never} transport={transport} />
    ),
  })),
);

const CardApplicationReplay = lazy(() =>
  import('../../cardApplication/CardApplicationView').then(({ CardApplicationView }) => ({
    default: ({ actor }: ReplayViewProps) => <CardApplicationView actor={actor as never} />,
  })),
);

const LoginReplay = lazy(() =>
  import('../../auth/login/LoginPage').then(({ LoginView }) => ({
    default: function LoginReplay({ actor }: ReplayViewProps) {
      const captcha = useInertCaptcha();
      return <LoginView login={actor as never} captcha={captcha as never} />;
    },
  })),
);

const RegistrationReplay = lazy(() =>
  import('../../auth/register/RegisterPage').then(({ RegisterView }) => ({
    default: function RegistrationReplay({ actor }: ReplayViewProps) {
      const captcha = useInertCaptcha();
      return <RegisterView registration={actor as never} captcha={captcha as never} invitationCode="" />;
    },
  })),
);

const ForgotPasswordReplay = lazy(() =>
  import('../../auth/password/ForgotPasswordPage').then(({ ForgotPasswordView }) => ({
    default: function ForgotPasswordReplay({ actor }: ReplayViewProps) {
      const captcha = useInertCaptcha();
      return <ForgotPasswordView forgot={actor as never} captcha={captcha as never} />;
    },
  })),
);

const ResetPasswordReplay = lazy(() =>
  import('../../auth/password/ResetPasswordPage').then(({ ResetPasswordView }) => ({
    default: ({ actor }: ReplayViewProps) => <ResetPasswordView reset={actor as never} />,
  })),
);

const ChangePasswordReplay = lazy(() =>
  import('../../account/changePassword/ModifyPasswordPage').then(({ ChangePasswordView }) => ({
    default: ({ actor }: ReplayViewProps) => <ChangePasswordView change={actor as never} />,
  })),
);

const ActivationReplay = lazy(() =>
  import('../../auth/activation/ActivateAccountPage').then(({ ActivationView }) => ({
    default: ({ actor }: ReplayViewProps) => <ActivationView activation={actor as never} />,
  })),
);

/** The dialog's content in place: a modal would leave the read-only frame for the page's portal. */
const QrVerificationReplay = lazy(() =>
  import('../../verification/QrVerificationDialog').then(({ QrVerificationPanel }) => ({
    default: ({ actor }: ReplayViewProps) => <QrVerificationPanel actor={actor as never} />,
  })),
);

/** The phone pages, with a camera screen no camera ever feeds (the camera actor is inert). */
const IdentityVerificationReplay = lazy(() =>
  Promise.all([import('../../identity/PhoneVerificationScreen'), import('../../identity/cameraActor')]).then(
    ([{ PhoneVerificationView }, { createCameraScreen }]) => ({
      default: function IdentityVerificationReplay({ actor }: ReplayViewProps) {
        const [screen] = useState(createCameraScreen);
        return <PhoneVerificationView actor={actor as never} screen={screen} />;
      },
    }),
  ),
);

const replayViews: Readonly<Record<string, ComponentType<ReplayViewProps>>> = {
  certification: CertificationReplay,
  cardApplication: CardApplicationReplay,
  login: LoginReplay,
  registration: RegistrationReplay,
  forgotPassword: ForgotPasswordReplay,
  resetPassword: ResetPasswordReplay,
  changePassword: ChangePasswordReplay,
  activation: ActivationReplay,
  qrVerification: QrVerificationReplay,
  identityVerification: IdentityVerificationReplay,
};

export function replayViewFor(machineId: string): ComponentType<ReplayViewProps> | null {
  return replayViews[machineId] ?? null;
}
