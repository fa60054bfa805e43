// The desktop QR dialog's rules one by one (issue 19 §2, mutation testing): what each answer of the
// server leaves in the context (the code, the scan's countdown, the message the dialog shows), which
// session's updates count (only the code on screen: a stale one is ignored in every state), the
// countdowns (regenerate after 120 s, valid 10 minutes after the scan: spec §4, §9), the ways out of
// each state, and the live follower's reconnect pauses, its reset on a working stream and its polls
// (docs/product-rules.md "QR verification"; docs/decisions/small-decisions.md "Desktop live status"). qrVerification.test.ts
// drives the paths; here every effect is a fake the test answers. Simulated time throughout.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { notProvidedName } from '../../machines/notProvided';
import {
  QrLiveTuning,
  qrSessionLiveMachine,
  type QrSessionLiveEvent,
  type QrSessionLiveInput,
  type SessionUpdateEvent,
  type SessionUpdateType,
} from '../../machines/qrSessionLive.machine';
import {
  qrVerificationMachine,
  type followSession,
  type RegenerateOutcome,
  type ShownCode,
} from '../../machines/qrVerification.machine';
import { Limits } from '../../src/contract/limits';
import { Held, settleAnswer, type Answer } from './support/scriptedAnswers';

function reply<T>(queue: Array<Answer<T>> | undefined, fallback: () => T): Promise<T> {
  const next = queue?.shift() ?? fallback();
  return settleAnswer(next);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const code = (sessionId: string, patch: Partial<ShownCode> = {}): ShownCode => ({
  sessionId,
  link: `https://portal.example/identityVerification?session=${sessionId}`,
  version: 1,
  shownAt: 0,
  regenerateInMs: Limits.qr.regenerateAfterMs,
  ...patch,
});

function update(
  type: SessionUpdateType,
  sessionId: string,
  patch: Partial<SessionUpdateEvent> = {},
): SessionUpdateEvent {
  return { type, sessionId, version: 2, seenAt: 0, validForMs: null, outcomeReason: null, ...patch };
}

interface Fakes {
  create?: Array<Answer<ApiOutcome<ShownCode>>>;
  regenerate?: Array<Answer<RegenerateOutcome>>;
  close?: Array<Answer<ApiOutcome<unknown>>>;
}

function dialog(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const inputs = {
    create: [] as unknown[],
    regenerate: [] as unknown[],
    close: [] as unknown[],
    follow: [] as QrSessionLiveInput[],
  };
  let made = 0;
  const machine = qrVerificationMachine.provide({
    actors: {
      'create session': fromPromise<ApiOutcome<ShownCode>, { subjectName: string }>(async ({ input }) => {
        inputs.create.push(input);
        return reply(fakes.create, () => ({ kind: 'ok', data: code(`s-${(made += 1)}`) }));
      }),
      'regenerate session': fromPromise<RegenerateOutcome, { sessionId: string }>(async ({ input }) => {
        inputs.regenerate.push(input);
        return reply(fakes.regenerate, () => ({ kind: 'ok', data: code(`s-${(made += 1)}`) }));
      }),
      'close session': fromPromise<ApiOutcome<unknown>, { sessionId: string }>(async ({ input }) => {
        inputs.close.push(input);
        return reply(fakes.close, () => ({ kind: 'ok', data: null }));
      }),
      'follow session': fromCallback<QrSessionLiveEvent, QrSessionLiveInput>(({ input }) => {
        inputs.follow.push(input);
      }) as unknown as typeof followSession,
    },
    actions: { 'copy link': () => undefined },
  });
  const actor = createActor(machine, { clock, input: { subjectName: 'Mei Chen' } }).start();
  return { actor, clock, inputs };
}

type Dialog = ReturnType<typeof dialog>;

async function showing(fakes: Fakes = {}) {
  const run = dialog(fakes);
  await waitFor(run.actor, (s) => s.matches({ active: 'waitingForScan' }));
  return run;
}

/** At the renewable code (its 120 s are over). */
async function renewable(fakes: Fakes = {}) {
  const run = await showing(fakes);
  run.clock.increment(Limits.qr.regenerateAfterMs);
  expect(run.actor.getSnapshot().matches({ active: { waitingForScan: 'renewable' } })).toBe(true);
  return run;
}

const value = (run: Dialog) => run.actor.getSnapshot().value;
const context = (run: Dialog) => run.actor.getSnapshot().context;

describe('making the code', () => {
  it('asks for a session for the person who verifies and shows what the server made', async () => {
    const held = new Held<ApiOutcome<ShownCode>>();
    const run = dialog({ create: [held] });
    expect(run.inputs.create).toEqual([{ subjectName: 'Mei Chen' }]);
    expect(context(run)).toEqual({
      subjectName: 'Mei Chen',
      code: null,
      scan: null,
      outcomeReason: null,
      message: null,
      verifiedSessionId: null,
      outcome: null,
    });
    held.release({ kind: 'ok', data: code('s-9', { version: 4 }) });
    await waitFor(run.actor, (s) => s.matches('active'));
    expect(context(run).code).toEqual(code('s-9', { version: 4 }));
    // The live follower starts after the code's last known change.
    expect(run.inputs.follow).toEqual([{ sessionId: 's-9', afterVersion: 4 }]);
  });

  it('a refusal or a network failure offers a retry (which clears the message) or a close', async () => {
    const run = dialog({
      create: [{ kind: 'refused', code: 'transitionNotAllowed' }, new Error('offline')],
    });
    await waitFor(run.actor, (s) => s.matches('creationFailed'));
    expect(context(run).message).toBe('transitionNotAllowed');
    run.actor.send({ type: 'user.retry' });
    await waitFor(run.actor, (s) => s.matches('creationFailed') && s.context.message === 'internal');
    run.actor.send({ type: 'user.retry' });
    await waitFor(run.actor, (s) => s.matches('active'));
    expect(context(run).message).toBeNull();
    expect(run.inputs.create).toHaveLength(3);

    const closing = dialog({ create: [new Error('offline')] });
    await waitFor(closing.actor, (s) => s.matches('creationFailed'));
    closing.actor.send({ type: 'user.close' });
    expect(closing.actor.getSnapshot().status).toBe('done');
    expect(closing.actor.getSnapshot().output).toEqual({ result: 'closed' });
    expect(closing.inputs.close).toEqual([]);
  });
});

describe('regenerating (spec §4, §9: a new code after 120 seconds)', () => {
  it('voids the shown session and shows the new code, clearing an earlier message', async () => {
    const run = await renewable({ regenerate: [{ kind: 'tooSoon', retryInMs: 1000 }] });
    run.actor.send({ type: 'user.regenerate' });
    await waitFor(run.actor, (s) => s.matches('active'));
    expect(context(run).message).toBe('regenerateTooSoon');
    run.clock.increment(1000);
    run.actor.send({ type: 'user.regenerate' });
    await waitFor(run.actor, (s) => s.matches('active') && s.context.code?.sessionId === 's-2');
    expect(run.inputs.regenerate).toEqual([{ sessionId: 's-1' }, { sessionId: 's-1' }]);
    expect(context(run).message).toBeNull();
    expect(run.inputs.follow.map((f) => f.sessionId)).toEqual(['s-1', 's-1', 's-2']);
  });

  it('"too soon" restarts the countdown from what the server says is left, keeping the code', async () => {
    const run = await renewable({ regenerate: [{ kind: 'tooSoon', retryInMs: 7000 }] });
    run.actor.send({ type: 'user.regenerate' });
    await waitFor(run.actor, (s) => s.matches('active'));
    expect(context(run).code).toEqual(code('s-1', { regenerateInMs: 7000 }));
    run.clock.increment(6999);
    expect(run.actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(false);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(true);
  });

  it('the countdown is the one the server gave with the code (a code made earlier has less left)', async () => {
    const run = dialog({ create: [{ kind: 'ok', data: code('s-1', { regenerateInMs: 30_000 }) }] });
    await waitFor(run.actor, (s) => s.matches('active'));
    run.clock.increment(29_999);
    expect(run.actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(false);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(true);
  });

  it('another refusal or a network failure keeps the old code on screen with the message', async () => {
    const run = await renewable({
      regenerate: [{ kind: 'refused', code: 'transitionNotAllowed' }, new Error('offline')],
    });
    run.actor.send({ type: 'user.regenerate' });
    await waitFor(run.actor, (s) => s.matches('active') && s.context.message !== null);
    expect(context(run)).toMatchObject({ message: 'transitionNotAllowed', code: code('s-1') });
    run.clock.increment(Limits.qr.regenerateAfterMs);
    run.actor.send({ type: 'user.regenerate' });
    await waitFor(run.actor, (s) => s.matches('active') && s.context.message === 'internal');
    expect(context(run).code?.sessionId).toBe('s-1');
  });
});

describe('following the phone: only the code on screen counts', () => {
  // [where the dialog is, the updates that bring it there, the update tried, where it goes]
  const cases: Array<[string, SessionUpdateType[], SessionUpdateType, unknown]> = [
    ['waiting', [], 'session.scanned', { active: { scanned: 'opened' } }],
    ['waiting', [], 'session.verifying', { active: { scanned: 'verifying' } }],
    ['waiting', [], 'session.failed', { active: { scanned: 'failed' } }],
    ['waiting', [], 'session.verified', 'verified'],
    ['waiting', [], 'session.referred', 'referred'],
    ['waiting', [], 'session.failedFinal', 'failedFinal'],
    ['waiting', [], 'session.cancelled', 'cancelled'],
    ['waiting', [], 'session.expired', 'expired'],
    ['opened', ['session.scanned'], 'session.verifying', { active: { scanned: 'verifying' } }],
    ['opened', ['session.scanned'], 'session.failed', { active: { scanned: 'failed' } }],
    [
      'verifying',
      ['session.scanned', 'session.verifying'],
      'session.failed',
      { active: { scanned: 'failed' } },
    ],
    [
      'failed',
      ['session.scanned', 'session.failed'],
      'session.verifying',
      { active: { scanned: 'verifying' } },
    ],
  ];

  it.each(cases)(
    '%s: %s… then %s of another session is ignored; of this one it moves on and records it',
    async (_, before, type, where) => {
      const run = await showing();
      for (const earlier of before) run.actor.send(update(earlier, 's-1', { validForMs: 600_000 }));
      const at = run.actor.getSnapshot().value;
      run.actor.send(update(type, 's-0', { outcomeReason: 'stale', version: 9 }));
      expect(value(run)).toEqual(at);
      expect(context(run).outcomeReason).toBeNull();
      run.actor.send(update(type, 's-1', { outcomeReason: 'noMatch', version: 5, validForMs: 600_000 }));
      expect(run.actor.getSnapshot().matches(where as never)).toBe(true);
      expect(context(run).outcomeReason).toBe('noMatch');
      expect(context(run).code?.version).toBe(5);
    },
  );

  it('keeps the highest version seen: a late, older update does not move the resume point back', async () => {
    const run = await showing({ close: [{ kind: 'refused', code: 'transitionNotAllowed' }] });
    run.actor.send(update('session.scanned', 's-1', { version: 5, validForMs: 600_000 }));
    run.actor.send(update('session.failed', 's-1', { version: 3 }));
    expect(context(run).code?.version).toBe(5);
    // A refused close comes back to the code: the follower starts again after version 5.
    run.actor.send({ type: 'user.close' });
    await waitFor(run.actor, (s) => s.matches('active') && s.context.message !== null);
    expect(run.inputs.follow.at(-1)).toEqual({ sessionId: 's-1', afterVersion: 5 });
  });

  it('no countdown before the scan: an update without the time left records no scan', async () => {
    const run = await showing();
    run.actor.send(update('session.cancelled', 's-1', { seenAt: 5, validForMs: null }));
    expect(value(run)).toBe('cancelled');
    expect(context(run).scan).toBeNull();
  });

  it('the scan is kept as first seen; later updates do not restart the 10 minutes', async () => {
    const run = await showing();
    run.actor.send(update('session.scanned', 's-1', { seenAt: 100, validForMs: 600_000 }));
    run.actor.send(update('session.verifying', 's-1', { seenAt: 200, validForMs: 500_000 }));
    expect(context(run).scan).toEqual({ seenAt: 100, validForMs: 600_000 });
  });

  it('a scan seen without the time left counts the full 10 minutes', async () => {
    const run = await showing();
    run.actor.send(update('session.verifying', 's-1', { validForMs: null }));
    run.clock.increment(Limits.qr.validAfterScanMs - 1);
    expect(run.actor.getSnapshot().matches({ active: { scanned: 'verifying' } })).toBe(true);
    run.clock.increment(1);
    expect(value(run)).toBe('expired');
  });

  it('verified and referred end the dialog with the session on screen', async () => {
    for (const [type, result] of [
      ['session.verified', 'verified'],
      ['session.referred', 'referred'],
    ] as const) {
      const run = await showing();
      run.actor.send(update('session.scanned', 's-1', { validForMs: 600_000 }));
      run.actor.send(update(type, 's-1'));
      expect(context(run)).toMatchObject({ verifiedSessionId: 's-1', outcome: result });
      expect(run.actor.getSnapshot().output).toEqual({ result, sessionId: 's-1' });
    }
  });
});

describe('after a cancel, an expiry or a failed last attempt (a new code is needed)', () => {
  it.each([['session.cancelled'], ['session.expired'], ['session.failedFinal']] as const)(
    'after %s: a new code starts over from nothing, or the dialog closes without a result',
    async (type) => {
      const held = new Held<ApiOutcome<ShownCode>>();
      const run = await showing({ create: [{ kind: 'ok', data: code('s-1') }, held] });
      run.actor.send(update('session.scanned', 's-1', { validForMs: 600_000, seenAt: 3 }));
      run.actor.send(update(type, 's-1', { outcomeReason: 'noLiveness' }));
      expect(run.actor.getSnapshot().hasTag('rescanRequired')).toBe(true);
      run.actor.send({ type: 'user.regenerate' });
      // While the new code is made, nothing of the old one is left on screen.
      expect(value(run)).toBe('creating');
      expect(context(run)).toMatchObject({ code: null, scan: null, outcomeReason: null });
      held.release({ kind: 'ok', data: code('s-2') });
      await waitFor(run.actor, (s) => s.matches('active'));

      const closing = await showing();
      closing.actor.send(update(type, 's-1'));
      closing.actor.send({ type: 'user.close' });
      expect(closing.actor.getSnapshot().output).toEqual({ result: 'closed' });
      expect(closing.inputs.close).toEqual([]);
    },
  );
});

describe('closing (spec §4: closing voids the code)', () => {
  it('voids the shown session; an unreachable server still lets the dialog close', async () => {
    const run = await showing({ close: [new Error('offline')] });
    run.actor.send(update('session.scanned', 's-1', { validForMs: 600_000 }));
    run.actor.send({ type: 'user.close' });
    await waitFor(run.actor, (s) => s.status === 'done');
    expect(run.inputs.close).toEqual([{ sessionId: 's-1' }]);
    expect(run.actor.getSnapshot().output).toEqual({ result: 'closed' });
  });
});

describe('the live follower (docs/decisions/small-decisions.md "Desktop live status")', () => {
  function follower(
    streams: Array<'lost' | 'connected then lost'>,
    polls: Array<SessionUpdateEvent | null | Error> = [],
  ) {
    const clock = new SimulatedClock();
    const subscriptions: Array<{ sessionId: string; afterVersion: number }> = [];
    const fetched: unknown[] = [];
    const reported: QrSessionLiveEvent[] = [];
    let lose = () => undefined as void;
    const machine = qrSessionLiveMachine.provide({
      actors: {
        'subscribe to session events': fromCallback<
          QrSessionLiveEvent,
          { sessionId: string; afterVersion: number }
        >(({ input, sendBack }) => {
          subscriptions.push(input);
          const how = streams.shift() ?? 'lost';
          if (how === 'lost') sendBack({ type: 'live.lost' });
          else {
            sendBack({ type: 'live.connected' });
            lose = () => sendBack({ type: 'live.lost' });
          }
        }),
        'fetch session': fromPromise(async ({ input }: { input: { sessionId: string } }) => {
          fetched.push(input);
          const next = polls.shift() ?? null;
          if (next instanceof Error) throw next;
          return next;
        }),
      },
      actions: { 'report update': ({ event }) => reported.push(event) },
    });
    const actor = createActor(machine, { clock, input: { sessionId: 's-4', afterVersion: 7 } }).start();
    return { actor, clock, subscriptions, fetched, reported, lose: () => lose() };
  }

  it('starts streaming after the given version with no failures counted', () => {
    const f = follower(['connected then lost']);
    expect(f.actor.getSnapshot().context).toEqual({ sessionId: 's-4', version: 7, streamFailures: 0 });
    expect(f.subscriptions).toEqual([{ sessionId: 's-4', afterVersion: 7 }]);
  });

  it('waits exactly the first pause, then twice it, before polling on the third failure', async () => {
    const f = follower([]);
    expect(f.actor.getSnapshot().context.streamFailures).toBe(1);
    f.clock.increment(QrLiveTuning.firstBackoffMs - 1);
    expect(f.subscriptions).toHaveLength(1);
    f.clock.increment(1);
    expect(f.subscriptions).toHaveLength(2);
    expect(f.actor.getSnapshot().context.streamFailures).toBe(2);
    f.clock.increment(2 * QrLiveTuning.firstBackoffMs - 1);
    expect(f.subscriptions).toHaveLength(2);
    f.clock.increment(1);
    expect(f.subscriptions).toHaveLength(3);
    expect(f.actor.getSnapshot().matches('polling')).toBe(true);
    expect(f.actor.getSnapshot().context.streamFailures).toBe(QrLiveTuning.maxStreamFailures);
    await settle();
    expect(f.fetched).toEqual([{ sessionId: 's-4' }]);
  });

  it('a working connection resets the count: failures must come in a row before it polls', () => {
    const f = follower(['lost', 'connected then lost', 'lost']);
    f.clock.increment(QrLiveTuning.firstBackoffMs);
    expect(f.actor.getSnapshot().context.streamFailures).toBe(0);
    f.lose();
    // Counted afresh: the first pause again, and still streaming, not polling.
    expect(f.actor.getSnapshot().value).toBe('reconnecting');
    expect(f.actor.getSnapshot().context.streamFailures).toBe(1);
    f.clock.increment(QrLiveTuning.firstBackoffMs);
    expect(f.subscriptions).toHaveLength(3);
    expect(f.actor.getSnapshot().value).toBe('reconnecting');
  });

  it('a poll with nothing new reports nothing; a failed poll tries again after the interval', async () => {
    const f = follower([], [null, new Error('offline'), update('session.scanned', 's-4', { version: 8 })]);
    f.clock.increment(QrLiveTuning.firstBackoffMs);
    f.clock.increment(QrLiveTuning.firstBackoffMs * 2);
    await waitFor(f.actor, (s) => s.matches({ polling: 'waiting' }), { timeout: 1000 });
    expect(f.reported).toEqual([]);
    f.clock.increment(QrLiveTuning.pollIntervalMs);
    await settle();
    expect(f.actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);
    expect(f.fetched).toHaveLength(2);
    f.clock.increment(QrLiveTuning.pollIntervalMs - 1);
    await settle();
    expect(f.fetched).toHaveLength(2);
    f.clock.increment(1);
    await waitFor(f.actor, () => f.reported.length === 1);
    expect(f.reported.map((e) => e.type)).toEqual(['session.scanned']);
    expect(f.actor.getSnapshot().context.version).toBe(8);
  });

  it('an older update is reported but does not move the resume point back', () => {
    const f = follower(['connected then lost']);
    f.actor.send(update('session.verifying', 's-4', { version: 9 }));
    f.actor.send(update('session.scanned', 's-4', { version: 8 }));
    expect(f.reported.map((e) => e.type)).toEqual(['session.verifying', 'session.scanned']);
    expect(f.actor.getSnapshot().context.version).toBe(9);
    f.lose();
    f.clock.increment(QrLiveTuning.firstBackoffMs);
    expect(f.subscriptions.at(-1)).toEqual({ sessionId: 's-4', afterVersion: 9 });
  });
});

describe('declared effects', () => {
  it('each placeholder names the effect the app must provide (what a forgotten provide() says)', () => {
    const named = (table: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(table).map((key) => [key, notProvidedName(table[key])]));
    expect(named(qrVerificationMachine.implementations.actors)).toEqual({
      'create session': 'create session',
      'regenerate session': 'regenerate session',
      'close session': 'close session',
      // The follower is this module's own chart, not a placeholder; its stream and poll are.
      'follow session': undefined,
    });
    expect(notProvidedName(qrVerificationMachine.implementations.actions['copy link'])).toBe('copy link');
    expect(named(qrSessionLiveMachine.implementations.actors)).toEqual({
      'subscribe to session events': 'subscribe to session events',
      'fetch session': 'fetch session',
    });
    expect(notProvidedName(qrSessionLiveMachine.implementations.actions['report update'])).toBe(
      'report update',
    );
  });
});
