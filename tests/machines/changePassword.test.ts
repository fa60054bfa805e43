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

  it('starts with no message, and a new submission clears the last one while it is sent', async () => {
    let answer: (outcome: ApiOutcome<unknown>) => void = () => undefined;
    const actor = createActor(
      changePasswordMachine.provide({
        actors: {
          'change password': fromPromise<ApiOutcome<unknown>, PasswordChange>(
            () => new Promise((resolve) => (answer = resolve)),
          ),
        },
      }),
    ).start();
    expect(actor.getSnapshot().context).toStrictEqual({ message: null });
    actor.send(submit);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    answer({ kind: 'refused', code: 'passwordFormat' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.message).toBe('passwordFormat');
    actor.send(submit);
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.message).toBeNull();
    answer({ kind: 'ok', data: null });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('no answer at all: "network abnormal" (internal), and the form may be sent again (§8)', async () => {
    const { actor, calls } = start([]);
    actor.send(submit);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('internal');
    expect(calls).toHaveLength(1);
  });
});
