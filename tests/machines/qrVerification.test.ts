// The desktop QR verification chart (spec §4, §9; docs/product-rules.md "QR verification"; issue 6): the
// 120 s regenerate rule, expiry exactly 10 minutes after the scan, no close while verifying, a phone
// cancel that keeps a parent from submitting until a new code is scanned and verified, and the live
// follower's fall back from the stream to polling. Simulated clock throughout.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, SimulatedClock, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { NotProvidedError } from '../../machines/notProvided';
import {
  QrLiveTuning,
  qrSessionLiveMachine,
  type QrSessionLiveEvent,
  type QrSessionLiveInput,
  type SessionUpdateEvent,
  type SessionUpdateType,
} from '../../machines/qrSessionLive.machine';
import {
  followSession,
  qrVerificationMachine,
  type QrVerificationOutput,
  type RegenerateOutcome,
  type ShownCode,
} from '../../machines/qrVerification.machine';
import { Limits } from '../../src/contract/limits';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function codeFor(sessionId: string, clock: SimulatedClock): ShownCode {
  return {
    sessionId,
    link: `https://portal.example/identityVerification?session=${sessionId}`,
    version: 1,
    shownAt: clock.now(),
    regenerateInMs: Limits.qr.regenerateAfterMs,
  };
}

function update(
  type: SessionUpdateType,
  sessionId: string,
  validForMs: number | null = null,
): SessionUpdateEvent {
  return { type, sessionId, version: 2, seenAt: 0, validForMs, outcomeReason: null };
}

/** The dialog chart with fake API calls; the live follower is replaced by a callback the test drives. */
function provided(clock: SimulatedClock) {
  const calls = { create: 0, regenerate: [] as string[], close: [] as string[], copied: [] as string[] };
  let sessions = 0;
  const machine = qrVerificationMachine.provide({
    actors: {
      'create session': fromPromise<ApiOutcome<ShownCode>, { subjectName: string }>(async () => {
        calls.create += 1;
        sessions += 1;
        return { kind: 'ok', data: codeFor(`s-${sessions}`, clock) };
      }),
      'regenerate session': fromPromise<RegenerateOutcome, { sessionId: string }>(async ({ input }) => {
        calls.regenerate.push(input.sessionId);
        sessions += 1;
        return { kind: 'ok', data: codeFor(`s-${sessions}`, clock) };
      }),
      'close session': fromPromise<ApiOutcome<unknown>, { sessionId: string }>(async ({ input }) => {
        calls.close.push(input.sessionId);
        return { kind: 'ok', data: null };
      }),
      // The live follower has its own tests below; here the test sends the session updates itself.
      'follow session': fromCallback(() => () => undefined) as unknown as typeof followSession,
    },
    actions: { 'copy link': (_, params: { link: string }) => calls.copied.push(params.link) },
  });
  return { machine, calls };
}

async function startDialog() {
  const clock = new SimulatedClock();
  const { machine, calls } = provided(clock);
  const actor = createActor(machine, { clock, input: { subjectName: 'Mei Chen' } }).start();
  await waitFor(actor, (s) => s.matches({ active: 'waitingForScan' }));
  return { actor, clock, calls };
}

describe('regenerate after 120 seconds (§4, §9)', () => {
  it('is refused at 119.999 s and allowed at exactly 120 s', async () => {
    const { actor, clock, calls } = await startDialog();
    clock.increment(Limits.qr.regenerateAfterMs - 1);
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(false);
    actor.send({ type: 'user.regenerate' });
    await settle();
    expect(calls.regenerate).toEqual([]);
    expect(actor.getSnapshot().context.code?.sessionId).toBe('s-1');

    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(true);
    actor.send({ type: 'user.regenerate' });
    await waitFor(
      actor,
      (s) => s.matches({ active: { waitingForScan: 'notRenewable' } }) && s.context.code?.sessionId === 's-2',
    );
    expect(calls.regenerate).toEqual(['s-1']);
    // The new code starts its own 120 s.
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(false);
  });

  it('follows the server when it says the code is still too new', async () => {
    const clock = new SimulatedClock();
    const { machine } = provided(clock);
    const tooSoon = machine.provide({
      actors: {
        'regenerate session': fromPromise<RegenerateOutcome, { sessionId: string }>(async () => ({
          kind: 'tooSoon',
          retryInMs: 5000,
        })),
      },
    });
    const actor = createActor(tooSoon, { clock, input: { subjectName: 'Mei Chen' } }).start();
    await waitFor(actor, (s) => s.matches({ active: 'waitingForScan' }));
    clock.increment(Limits.qr.regenerateAfterMs);
    actor.send({ type: 'user.regenerate' });
    await waitFor(actor, (s) => s.matches({ active: { waitingForScan: 'notRenewable' } }));
    expect(actor.getSnapshot().context.message).toBe('regenerateTooSoon');
    clock.increment(4999);
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(true);
  });
});

describe('valid 10 minutes after the scan (§4, §9)', () => {
  it('expires exactly 10 minutes after the scan, not before, and asks for a new code', async () => {
    const { actor, clock } = await startDialog();
    clock.increment(30_000); // the scan comes later than the code: the 10 minutes start at the scan
    actor.send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    expect(actor.getSnapshot().matches({ active: { scanned: 'opened' } })).toBe(true);
    clock.increment(Limits.qr.validAfterScanMs - 1);
    expect(actor.getSnapshot().matches({ active: 'scanned' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().hasTag('rescanRequired')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.regenerate' })).toBe(true);
  });

  it('counts what the server says is left of the 10 minutes (a late-seen scan)', async () => {
    const { actor, clock } = await startDialog();
    actor.send(update('session.scanned', 's-1', 60_000));
    clock.increment(59_999);
    expect(actor.getSnapshot().matches({ active: 'scanned' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('keeps counting from the scan through a failed check and a retry', async () => {
    const { actor, clock } = await startDialog();
    actor.send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    clock.increment(5 * 60_000);
    actor.send(update('session.verifying', 's-1', 5 * 60_000));
    actor.send(update('session.failed', 's-1', 5 * 60_000));
    actor.send(update('session.verifying', 's-1', 5 * 60_000));
    clock.increment(5 * 60_000);
    expect(actor.getSnapshot().value).toBe('expired');
  });
});

describe('the dialog cannot be closed while the phone verifies (§4)', () => {
  it('does not accept the close event while verifying, and accepts it before and after', async () => {
    const { actor, calls } = await startDialog();
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(true);
    actor.send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(true);
    actor.send(update('session.verifying', 's-1', Limits.qr.validAfterScanMs));
    expect(actor.getSnapshot().hasTag('verifying')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(false);
    actor.send({ type: 'user.close' });
    await settle();
    expect(actor.getSnapshot().matches({ active: { scanned: 'verifying' } })).toBe(true);
    expect(calls.close).toEqual([]);

    actor.send(update('session.failed', 's-1', Limits.qr.validAfterScanMs));
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(true);
    actor.send({ type: 'user.close' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.close).toEqual(['s-1']);
    expect(actor.getSnapshot().output).toEqual({ result: 'closed' });
  });

  it('stays open when the server refuses the close because the phone has just started', async () => {
    const clock = new SimulatedClock();
    const { machine } = provided(clock);
    const refusing = machine.provide({
      actors: {
        'close session': fromPromise<ApiOutcome<unknown>, { sessionId: string }>(async () => ({
          kind: 'refused',
          code: 'transitionNotAllowed',
        })),
      },
    });
    const actor = createActor(refusing, { clock, input: { subjectName: 'Mei Chen' } }).start();
    await waitFor(actor, (s) => s.matches({ active: 'waitingForScan' }));
    actor.send({ type: 'user.close' });
    await waitFor(actor, (s) => s.matches('active') && s.context.message === 'transitionNotAllowed');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('a phone cancel requires a new scan before submit (§4)', () => {
  // A stand-in for the wizard's authorizer step: submit only with a verified session.
  const parentMachine = setup({
    types: {} as { context: { verifiedSessionId: string | null }; events: { type: 'user.submit' } },
    actors: { qr: qrVerificationMachine },
  }).createMachine({
    context: { verifiedSessionId: null },
    initial: 'verifying',
    states: {
      verifying: {
        invoke: {
          id: 'qrVerification',
          src: 'qr',
          input: { subjectName: 'Mei Chen' },
          onDone: {
            target: 'ready',
            actions: assign({
              verifiedSessionId: ({ event }) => {
                const output = event.output as QrVerificationOutput;
                return output.result === 'verified' ? output.sessionId : null;
              },
            }),
          },
        },
      },
      ready: {
        on: {
          'user.submit': { guard: ({ context }) => context.verifiedSessionId !== null, target: 'submitted' },
        },
      },
      submitted: { type: 'final' },
    },
  });

  it('after a cancel the parent cannot submit; a new code, scanned and verified, lets it', async () => {
    const clock = new SimulatedClock();
    const { machine, calls } = provided(clock);
    const parent = createActor(parentMachine.provide({ actors: { qr: machine } }), { clock }).start();
    const child = () =>
      parent.getSnapshot().children.qrVerification as ReturnType<typeof createActor<typeof machine>>;
    await waitFor(child(), (s) => s.matches({ active: 'waitingForScan' }));

    child().send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    child().send(update('session.cancelled', 's-1'));
    expect(child().getSnapshot().value).toBe('cancelled');
    expect(child().getSnapshot().hasTag('rescanRequired')).toBe(true);
    // The old session's 'verified' (a stale message) cannot complete the step.
    child().send(update('session.verified', 's-1'));
    expect(child().getSnapshot().value).toBe('cancelled');
    parent.send({ type: 'user.submit' });
    expect(parent.getSnapshot().value).toBe('verifying');
    expect(parent.getSnapshot().can({ type: 'user.submit' })).toBe(false);

    child().send({ type: 'user.regenerate' });
    await waitFor(child(), (s) => s.matches({ active: 'waitingForScan' }));
    expect(calls.create).toBe(2);
    const newId = child().getSnapshot().context.code?.sessionId;
    expect(newId).toBe('s-2');
    // Verified without a scan of the new code is impossible: a 'verified' for the old one is ignored.
    child().send(update('session.verified', 's-1'));
    expect(child().getSnapshot().matches({ active: 'waitingForScan' })).toBe(true);

    child().send(update('session.scanned', 's-2', Limits.qr.validAfterScanMs));
    child().send(update('session.verifying', 's-2', Limits.qr.validAfterScanMs));
    child().send(update('session.verified', 's-2'));
    await waitFor(parent, (s) => s.matches('ready'));
    expect(parent.getSnapshot().context.verifiedSessionId).toBe('s-2');
    parent.send({ type: 'user.submit' });
    expect(parent.getSnapshot().value).toBe('submitted');
  });
});

describe('outcomes of the face check (issue 16 §3)', () => {
  it('referred ends the dialog with the session: the wizard may go on, a reviewer decides', async () => {
    const { actor } = await startDialog();
    actor.send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    actor.send(update('session.verifying', 's-1', Limits.qr.validAfterScanMs));
    actor.send({ ...update('session.referred', 's-1'), outcomeReason: 'fileFallback' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual<QrVerificationOutput>({
      result: 'referred',
      sessionId: 's-1',
    });
    expect(actor.getSnapshot().context.outcomeReason).toBe('fileFallback');
  });

  it('a failed check with attempts left waits for the retry; with none left it says why and needs a new code', async () => {
    const { actor, calls } = await startDialog();
    actor.send(update('session.scanned', 's-1', Limits.qr.validAfterScanMs));
    actor.send(update('session.verifying', 's-1', Limits.qr.validAfterScanMs));
    actor.send({ ...update('session.failed', 's-1', Limits.qr.validAfterScanMs), outcomeReason: 'noMatch' });
    expect(actor.getSnapshot().matches({ active: { scanned: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.outcomeReason).toBe('noMatch');
    actor.send(update('session.verifying', 's-1', Limits.qr.validAfterScanMs));
    actor.send({ ...update('session.failedFinal', 's-1'), outcomeReason: 'noLiveness' });
    expect(actor.getSnapshot().value).toBe('failedFinal');
    expect(actor.getSnapshot().hasTag('rescanRequired')).toBe(true);
    expect(actor.getSnapshot().context.outcomeReason).toBe('noLiveness');
    // No output yet: a parent cannot go on; a new code starts over.
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'user.regenerate' });
    await waitFor(actor, (s) => s.matches({ active: 'waitingForScan' }));
    expect(calls.create).toBe(2);
  });
});

describe('copy link', () => {
  it('hands the shown link to the provided clipboard action', async () => {
    const { actor, calls } = await startDialog();
    actor.send({ type: 'user.copyLink' });
    expect(calls.copied).toEqual(['https://portal.example/identityVerification?session=s-1']);
  });
});

describe('following the session live (docs/product-rules.md: SSE, polling as the fallback)', () => {
  function startFollower(opts: { failStream: boolean; polls?: Array<SessionUpdateEvent | null> }) {
    const clock = new SimulatedClock();
    const subscriptions: number[] = [];
    const polls: string[] = [];
    const reported: QrSessionLiveEvent[] = [];
    const machine = qrSessionLiveMachine.provide({
      actors: {
        'subscribe to session events': fromCallback<
          QrSessionLiveEvent,
          { sessionId: string; afterVersion: number }
        >(({ input, sendBack }) => {
          subscriptions.push(input.afterVersion);
          if (opts.failStream) {
            sendBack({ type: 'live.lost' });
          } else {
            sendBack({ type: 'live.connected' });
            sendBack({ ...update('session.scanned', input.sessionId, 600_000), version: 5 });
          }
          return () => undefined;
        }),
        'fetch session': fromPromise(async ({ input }: { input: { sessionId: string } }) => {
          polls.push(input.sessionId);
          return opts.polls?.shift() ?? null;
        }),
      },
      actions: { 'report update': ({ event }) => reported.push(event) },
    });
    const actor = createActor(machine, { clock, input: { sessionId: 's-1', afterVersion: 3 } }).start();
    return { actor, clock, subscriptions, polls, reported };
  }

  it('reconnects with a growing pause, resuming after the last version, then polls', async () => {
    const f = startFollower({ failStream: true, polls: [update('session.verifying', 's-1', 500_000)] });
    expect(f.actor.getSnapshot().value).toBe('reconnecting');
    expect(f.subscriptions).toEqual([3]);
    f.clock.increment(QrLiveTuning.firstBackoffMs - 1);
    expect(f.subscriptions).toHaveLength(1);
    f.clock.increment(1);
    expect(f.subscriptions).toHaveLength(2);
    f.clock.increment(QrLiveTuning.firstBackoffMs * 2);
    expect(f.subscriptions).toEqual([3, 3, 3]);
    await waitFor(f.actor, (s) => s.matches('polling'));
    await settle();
    expect(f.polls).toEqual(['s-1']);
    expect(f.reported.map((e) => e.type)).toEqual(['session.verifying']);
    f.clock.increment(QrLiveTuning.pollIntervalMs);
    await settle();
    expect(f.polls).toEqual(['s-1', 's-1']);
  });

  it('a working stream reports its updates and remembers the version to resume after', () => {
    const f = startFollower({ failStream: false });
    expect(f.actor.getSnapshot().value).toBe('streaming');
    expect(f.reported.map((e) => e.type)).toEqual(['session.scanned']);
    expect(f.actor.getSnapshot().context.version).toBe(5);
  });

  it('the dialog receives polled updates through the wired follower', async () => {
    const clock = new SimulatedClock();
    const { machine } = provided(clock);
    const wired = machine.provide({
      actors: {
        'follow session': followSession.provide({
          actors: {
            'subscribe to session events': fromCallback<QrSessionLiveEvent, QrSessionLiveInput>(
              ({ sendBack }) => {
                sendBack({ type: 'live.lost' });
                return () => undefined;
              },
            ),
            'fetch session': fromPromise<SessionUpdateEvent | null, { sessionId: string }>(
              async ({ input }) => update('session.scanned', input.sessionId, Limits.qr.validAfterScanMs),
            ),
          },
        }),
      },
    });
    const actor = createActor(wired, { clock, input: { subjectName: 'Mei Chen' } }).start();
    await waitFor(actor, (s) => s.matches('active'));
    clock.increment(QrLiveTuning.firstBackoffMs);
    clock.increment(QrLiveTuning.firstBackoffMs * 2);
    await waitFor(actor, (s) => s.matches({ active: { scanned: 'opened' } }));
  });
});

describe('declared effects', () => {
  it('refuses to run without the create-session call', async () => {
    const actor = createActor(qrVerificationMachine, { input: { subjectName: 'Mei Chen' } });
    actor.start();
    await waitFor(actor, (s) => s.matches('creationFailed'));
    expect(actor.getSnapshot().context.message).toBe('internal');
    expect(new NotProvidedError('create session').message).toContain('create session');
  });
});
