// Change password chart (spec §5, §8).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { changePasswordMachine, type PasswordChange } from '../../machines/changePassword.machine';

function start(outcomes: Array<ApiOutcome<unknown>>) {
  const calls: PasswordChange[] = [];
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        'change password': fromPromise<ApiOutcome<unknown>, PasswordChange>(async ({ input }) => {
          calls.push(input);
          const next = outcomes.shift();
          if (!next) throw new Error('network');
          return next;
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

const submit = { type: 'user.submit' as const, currentPassword: 'Old#12345', newPassword: 'New#12345' };

describe('change password machine', () => {
  it('"current password incorrect", then reuse, then success', async () => {
    const { actor, calls } = start([
      { kind: 'refused', code: 'currentPasswordIncorrect' },
      { kind: 'refused', code: 'passwordReused' },
      { kind: 'ok', data: null },
    ]);
    actor.send(submit);
    await waitFor(actor, (s) => s.context.message === 'currentPasswordIncorrect');
    actor.send(submit);
    await waitFor(actor, (s) => s.context.message === 'passwordReused');
    actor.send(submit);
    await waitFor(actor, (s) => s.matches('changed'));
    expect(calls[0]).toEqual({ currentPassword: 'Old#12345', newPassword: 'New#12345' });
    actor.send({ type: 'user.again' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses to run without its actor', async () => {
    const actor = createActor(changePasswordMachine).start();
    actor.send(submit);
    await waitFor(actor, (s) => s.context.message === 'internal');
  });
});
