// Activation page chart (spec §8): success, expired (with resend), already activated, invalid.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { activationMachine } from '../../machines/activation.machine';

function start(
  hasToken: boolean,
  outcome: ApiOutcome<unknown>,
  resend: ApiOutcome<unknown> = { kind: 'ok', data: null },
) {
  const resent: unknown[] = [];
  const actor = createActor(
    activationMachine.provide({
      actors: {
        'activate account': fromPromise(async () => outcome),
        'resend activation mail': fromPromise(async ({ input }) => {
          resent.push(input);
          return resend;
        }),
      },
    }),
    { input: { hasToken } },
  ).start();
  return { actor, resent };
}

/** The link carries a token (the token itself stays in the page's URL). */
const TOKEN = true;

describe('activation machine', () => {
  it.each([
    [{ kind: 'ok', data: null } as const, 'activated'],
    [{ kind: 'refused', code: 'activationSuccess' } as const, 'activated'],
    [{ kind: 'refused', code: 'alreadyActivated' } as const, 'alreadyActivated'],
    [{ kind: 'refused', code: 'activationLinkInvalid' } as const, 'invalid'],
    [{ kind: 'refused', code: 'activationExpired' } as const, 'expired'],
  ])('answer %o → %s', async (outcome, state) => {
    const { actor } = start(TOKEN, outcome);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe(state);
  });

  it('no token: invalid at once', () => {
    expect(start(false, { kind: 'ok', data: null }).actor.getSnapshot().value).toBe('invalid');
  });

  it('expired → resend to the given email → resent', async () => {
    const { actor, resent } = start(TOKEN, { kind: 'refused', code: 'activationExpired' });
    await waitFor(actor, (s) => s.matches('expired'));
    actor.send({ type: 'user.resend', email: 'a@b.example' });
    await waitFor(actor, (s) => s.matches('resent'));
    expect(resent).toEqual([{ email: 'a@b.example' }]);
  });

  it('a refused resend stays on expired with its message', async () => {
    const { actor } = start(
      TOKEN,
      { kind: 'refused', code: 'activationExpired' },
      { kind: 'refused', code: 'rateLimited' },
    );
    await waitFor(actor, (s) => s.matches('expired'));
    actor.send({ type: 'user.resend', email: 'a@b.example' });
    await waitFor(actor, (s) => s.context.message === 'rateLimited');
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('refuses to run without its actors', async () => {
    const actor = createActor(activationMachine, { input: { hasToken: TOKEN } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
  });
});
