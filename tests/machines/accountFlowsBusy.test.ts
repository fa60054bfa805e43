// The account flows' pages disable their buttons and show a spinner while a call is in flight (spec
// §8 "network abnormal" is only said once a call has ended; docs/style.md: views read `hasTag('busy')`).
// Rule: in these charts a state is busy exactly when it waits for a call it invoked, so a state that
// stops being busy has an answer, and a state that waits always says so.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { activationMachine } from '../../machines/activation.machine';
import { captchaMachine } from '../../machines/captcha.machine';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { faceOverrideMachine } from '../../machines/faceOverride.machine';
import { loginMachine } from '../../machines/login.machine';
import { forgotPasswordMachine, resetPasswordMachine } from '../../machines/passwordReset.machine';
import { registrationMachine } from '../../machines/registration.machine';
import { uploadMachine } from '../../machines/upload.machine';

const flows: Array<[AnyStateMachine, string[]]> = [
  [
    registrationMachine,
    [
      'registration.verification.code.sending',
      'registration.verification.submission.registering',
      'registration.activation.resending',
    ],
  ],
  [forgotPasswordMachine, ['forgotPassword.sending']],
  [resetPasswordMachine, ['resetPassword.checkingLink', 'resetPassword.saving']],
  [loginMachine, ['login.signingIn']],
  [captchaMachine, ['captcha.loading', 'captcha.verifying']],
  [activationMachine, ['activation.activating', 'activation.resending']],
  [changePasswordMachine, ['changePassword.saving']],
  [faceOverrideMachine, ['faceOverride.submitting']],
  [uploadMachine, ['upload.uploading']],
];

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

describe('busy while a call is in flight', () => {
  it.each(flows.map(([machine, busy]) => [machine.id, machine, busy] as const))(
    '%s: the waiting states, and only they, are busy',
    (_id, machine, busy) => {
      const nodes = nodesOf(machine.root);
      const busyNodes = nodes.filter((node) => node.tags.includes('busy')).map((node) => node.id);
      const waiting = nodes.filter((node) => node.invoke.length > 0).map((node) => node.id);
      expect(busyNodes.sort()).toEqual([...busy].sort());
      expect(waiting.sort()).toEqual([...busy].sort());
    },
  );
});
