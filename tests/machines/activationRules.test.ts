// The activation page's chart, the rules activation.test.ts leaves implicit (spec §2
// /activateAccount, §8; docs/product-rules.md "Activation link"): the answers that end the page, the retry
// after no answer, and a resend that got no answer.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { activationMachine } from '../../machines/activation.machine';

/** Answers in order; `'network'` makes the call reject (no answer). */
type Answer = ApiOutcome<unknown> | 'network';

function start(activations: Answer[], resends: Answer[] = []) {
  const reply = (queue: Answer[]) => async () => {
    const next = queue.shift() ?? 'network';
    if (next === 'network') throw new Error('network');
    return next;
  };
  return createActor(
    activationMachine.provide({
      actors: {
        'activate account': fromPromise<ApiOutcome<unknown>, void>(reply(activations)),
        'resend activation mail': fromPromise<ApiOutcome<unknown>, { email: string }>(reply(resends)),
      },
    }),
    { input: { hasToken: true } },
  ).start();
}

describe('activation rules', () => {
  it('starts activating, with no message', () => {
    const actor = start([]);
    expect(actor.getSnapshot().value).toBe('activating');
    expect(actor.getSnapshot().context).toStrictEqual({ hasToken: true, message: null });
  });

  it.each([
    [{ kind: 'ok', data: null } as const, 'activated'],
    [{ kind: 'refused', code: 'alreadyActivated' } as const, 'alreadyActivated'],
    [{ kind: 'refused', code: 'activationLinkInvalid' } as const, 'invalid'],
  ])('%o ends the page in %s', async (outcome, state) => {
    const actor = start([outcome]);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('no token ends the page at once', () => {
    const actor = createActor(activationMachine, { input: { hasToken: false } }).start();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('no answer: the user may try the same link again', async () => {
    const actor = start(['network', { kind: 'ok', data: null }]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('activating');
    await waitFor(actor, (s) => s.matches('activated'));
  });

  it('a resend ends the page once the new mail is sent; with no answer it says "network abnormal"', async () => {
    const actor = start(
      [{ kind: 'refused', code: 'activationExpired' }],
      ['network', { kind: 'ok', data: null }],
    );
    await waitFor(actor, (s) => s.matches('expired'));
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'user.resend', email: 'a@b.example' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.message).toBe('internal');
    actor.send({ type: 'user.resend', email: 'a@b.example' });
    await waitFor(actor, (s) => s.matches('resent'));
    expect(actor.getSnapshot().status).toBe('done');
  });
});
