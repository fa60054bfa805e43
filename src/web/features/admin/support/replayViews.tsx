// The flows whose real view support can replay (issue 9 §4), each loaded on demand and given the
// inert actor restored from the snapshot. Flows not listed here (forgot/reset/change password,
// activation, the QR dialog on its own, the phone pages, the lifecycles) show the diagram and the
// context only.
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

const replayViews: Readonly<Record<string, ComponentType<ReplayViewProps>>> = {
  certification: CertificationReplay,
  cardApplication: CardApplicationReplay,
  login: LoginReplay,
  registration: RegistrationReplay,
};

export function replayViewFor(machineId: string): ComponentType<ReplayViewProps> | null {
  return replayViews[machineId] ?? null;
}
