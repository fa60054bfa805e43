// The spec's numbers pinned by behaviour (issue 19 §2, spec §9, §5; docs/product-rules.md): every number is
// written here LITERALLY, never read from src/contract/limits.ts, and checked against what the
// charts (and the two browser-side timers, toast and request timeout) actually do on a simulated
// clock. A limit that drifts in limits.ts moves the code but not these tests, so one of them fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { accountActivationLifecycleMachine } from '../../machines/accountActivationLifecycle.machine';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { pickedFileProblem } from '../../machines/cardApplication.machine';
import { elapseLifecycleDelay } from '../../machines/lifecycle';
import { loginMachine, type LoginCredentials } from '../../machines/login.machine';
import {
  registrationMachine,
  type RegisterInput,
  type SendCodeInput,
  type SendCodeResult,
} from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';
import { uploadFileProblem } from '../../machines/upload.machine';
import { verificationSessionLifecycleMachine } from '../../machines/verificationSessionLifecycle.machine';
import type { LoginResult } from '../../src/contract/api/accounts';
import type { ApiFailure } from '../../src/web/api/apiFailure';
import { createApiClient } from '../../src/web/api/client';
import { createRequestRegistry } from '../../src/web/api/requestRegistry';
import { createToastStore } from '../../src/web/shell/toast/toastStore';
import { registrationInfo } from './support/registrationInfo';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Megabytes as the portal counts them (binary, like limits.ts's MB): 10 MB = 10 485 760 bytes. */
const MB = 1024 * 1024;

/**
 * Moves a simulated clock forward by `ms`, stopping at every timer that falls due on the way.
 * SimulatedClock.increment fires every due timer at the END of the increment, so a timer a chart
 * starts while another fires (the registration code's 60 s, then the rest of its 3 minutes) would
 * start late; stepping through the deadlines keeps each one exact.
 */
function advance(clock: SimulatedClock, ms: number): void {
  const target = clock.now() + ms;
  const timers = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
  for (let guard = 0; guard < 1000; guard++) {
    const due = [...timers.values()].map((t) => t.start + t.timeout).filter((end) => end <= target);
    if (due.length === 0) {
      clock.set(target);
      return;
    }
    clock.set(Math.max(clock.now(), Math.min(...due)));
  }
  throw new Error('advance: timers keep falling due');
}

describe('§9 email code valid 3 minutes (§5 "email code valid 3 minutes"; registration chart)', () => {
  const info = registrationInfo;

  async function codeJustSent() {
    const clock = new SimulatedClock();
    const registers: RegisterInput[] = [];
    const machine = registrationMachine.provide({
      actors: {
        'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(async () => ({
          kind: 'ok',
          data: { sentAt: clock.now() },
        })),
        register: fromPromise<ApiOutcome<unknown>, RegisterInput>(async ({ input }) => {
          registers.push(input);
          return { kind: 'ok', data: null };
        }),
      },
      actions: { 'refresh puzzle': () => undefined },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submitInfo', info });
    actor.send({ type: 'user.sendCode' });
    await waitFor(actor, (s) => s.hasTag('codeValid'));
    return { actor, clock, registers };
  }

  it('is still valid 3 min − 1 ms after sending and expired at 3 min (so at 3 min + 1 ms)', async () => {
    const { actor, clock, registers } = await codeJustSent();
    advance(clock, 3 * MINUTE - 1);
    expect(actor.getSnapshot().hasTag('codeValid')).toBe(true);
    advance(clock, 1);
    expect(actor.getSnapshot().hasTag('codeValid')).toBe(false);
    advance(clock, 1);
    expect(actor.getSnapshot().hasTag('codeValid')).toBe(false);
    actor.send({ type: 'user.submitCode', code: '123456', password: info.password });
    expect(actor.getSnapshot().context.message).toBe('codeExpired');
    expect(registers).toEqual([]);
  });

  it('docs/product-rules.md "Email verification code", resend allowed after 60 s: not at 59.999 s, yes at 60 s', async () => {
    const { actor, clock } = await codeJustSent();
    advance(clock, 60 * SECOND - 1);
    expect(actor.getSnapshot().can({ type: 'user.sendCode' })).toBe(false);
    advance(clock, 1);
    expect(actor.getSnapshot().can({ type: 'user.sendCode' })).toBe(true);
    expect(actor.getSnapshot().hasTag('codeValid')).toBe(true);
  });
});

describe('§9 QR regenerate after 120 seconds (verification session lifecycle, the server enforces it)', () => {
  it('refused at 119.999 s, allowed at 120 s', () => {
    const clock = new SimulatedClock();
    const actor = createActor(verificationSessionLifecycleMachine, { clock }).start();
    advance(clock, 120 * SECOND - 1);
    expect(actor.getSnapshot().can({ type: 'desktop.regenerate' })).toBe(false);
    advance(clock, 1);
    expect(actor.getSnapshot().can({ type: 'desktop.regenerate' })).toBe(true);
  });

  it('the server elapses the same 120 s on a stored session', () => {
    const chart = verificationSessionLifecycleMachine;
    expect(elapseLifecycleDelay(chart, { created: 'fresh' }, 'qrRegenerateAfter')).toEqual({
      created: 'renewable',
    });
  });
});

describe('§9 QR verification within 10 minutes (counted from the scan; docs/product-rules.md QR verification)', () => {
  it('still usable 10 min − 1 ms after the scan, expired at 10 min', () => {
    const clock = new SimulatedClock();
    const actor = createActor(verificationSessionLifecycleMachine, { clock }).start();
    // Scanned 30 s after the code was shown: the 10 minutes start at the scan, not at the code.
    advance(clock, 30 * SECOND);
    actor.send({ type: 'phone.scan' });
    actor.send({ type: 'phone.startVerification' });
    advance(clock, 10 * MINUTE - 1);
    expect(actor.getSnapshot().matches({ scanned: 'verifying' })).toBe(true);
    advance(clock, 1);
    expect(actor.getSnapshot().value).toBe('expired');
  });
});

describe('§9 activation link 24 hours (account activation lifecycle, the server enforces it)', () => {
  it('may activate 24 h − 1 ms after registering, not at 24 h; a resend gives 24 h again', () => {
    const clock = new SimulatedClock();
    const actor = createActor(accountActivationLifecycleMachine, { clock }).start();
    advance(clock, 24 * HOUR - 1);
    expect(actor.getSnapshot().hasTag('mayActivate')).toBe(true);
    advance(clock, 1);
    expect(actor.getSnapshot().hasTag('mayActivate')).toBe(false);
    actor.send({ type: 'user.resendActivationLink' });
    advance(clock, 24 * HOUR - 1);
    expect(actor.getSnapshot().can({ type: 'user.openActivationLink' })).toBe(true);
    advance(clock, 1);
    expect(actor.getSnapshot().can({ type: 'user.openActivationLink' })).toBe(false);
  });
});

describe('§9 lockout 30 minutes (login chart: no retry of the locked account for 30 minutes)', () => {
  it('stays locked 30 min − 1 ms after the lock, lets the user try again at 30 min', async () => {
    const clock = new SimulatedClock();
    const answers: Array<ApiOutcome<LoginResult>> = [{ kind: 'refused', code: 'accountLocked' }];
    const machine = loginMachine.provide({
      actors: {
        'sign in': fromPromise<ApiOutcome<LoginResult>, LoginCredentials>(
          async () => answers.shift() ?? { kind: 'refused', code: 'invalidCredentials' },
        ),
      },
      actions: { 'start session': () => undefined, 'refresh puzzle': () => undefined },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submit', email: 'a@b.example', password: 'Pw#12345' });
    await waitFor(actor, (s) => s.matches('locked'));
    advance(clock, 30 * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('locked');
    advance(clock, 1);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('§9 logout delay 100 ms (session chart, spec §4 logged in → logged out)', () => {
  it('logs out 100 ms after a session-invalid answer, not at 99 ms', () => {
    const clock = new SimulatedClock();
    const log: string[] = [];
    const machine = sessionMachine.provide({
      actions: {
        'show logged-out message': () => log.push('message'),
        'cancel in-flight requests': () => log.push('cancel'),
        'log out': () => log.push('log out'),
      },
    });
    const actor = createActor(machine, { clock, input: { signedIn: true } }).start();
    actor.send({ type: 'server.sessionInvalid', code: 301002 });
    advance(clock, 99);
    expect(log).not.toContain('log out');
    advance(clock, 1);
    expect(log).toContain('log out');
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('§9 files jpg, png, jpeg, pdf; 10 MB for certification (upload chart)', () => {
  const file = (name: string, size: number, type = '') => ({ name, size, type });

  it.each(['jpg', 'jpeg', 'png', 'pdf', 'JPG', 'PDF'])('accepts .%s', (extension) => {
    expect(uploadFileProblem(file(`scan.${extension}`, 1000))).toBeNull();
  });

  it.each(['gif', 'bmp', 'webp', 'tiff', 'heic', 'doc', 'docx', 'zip', 'txt', 'svg'])(
    'refuses .%s',
    (extension) => {
      expect(uploadFileProblem(file(`scan.${extension}`, 1000))).toBe('wrongType');
    },
  );

  it('accepts 10 MB exactly, refuses 10 MB + 1 byte', () => {
    expect(uploadFileProblem(file('scan.pdf', 10 * MB, 'application/pdf'))).toBeNull();
    expect(uploadFileProblem(file('scan.pdf', 10 * MB + 1, 'application/pdf'))).toBe('tooLarge');
  });
});

describe('§9 card application: one file, same formats, 10 MB (docs/product-rules.md: 10 MB won over 5 MB)', () => {
  const picked = (name: string, size: number) => ({ name, size, content: null });

  it('accepts one file of 10 MB, refuses 10 MB + 1 byte', () => {
    expect(pickedFileProblem([picked('plan.pdf', 10 * MB)])).toBeNull();
    expect(pickedFileProblem([picked('plan.pdf', 10 * MB + 1)])).toBe('fileTooLarge');
    // The 5 MB reading lost: a 6 MB file is fine.
    expect(pickedFileProblem([picked('plan.png', 6 * MB)])).toBeNull();
  });

  it('one file only', () => {
    expect(pickedFileProblem([])).toBe('documentMissing');
    expect(pickedFileProblem([picked('a.pdf', 1000), picked('b.pdf', 1000)])).toBe('oneFileOnly');
  });

  it.each(['jpg', 'jpeg', 'png', 'pdf'])('accepts .%s', (extension) => {
    expect(pickedFileProblem([picked(`plan.${extension}`, 1000)])).toBeNull();
  });

  it.each(['gif', 'webp', 'docx', 'xlsx', 'zip'])('refuses .%s', (extension) => {
    expect(pickedFileProblem([picked(`plan.${extension}`, 1000)])).toBe('fileTypeNotAllowed');
  });
});

describe('§9 toast duration 3 seconds (docs/product-rules.md: 3 s won over 2 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a toast is still shown at 2.999 s and gone at 3 s', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = createToastStore();
    store.show('Saved', 'success');
    vi.advanceTimersByTime(2 * SECOND);
    expect(store.current()).not.toBeNull();
    vi.advanceTimersByTime(999);
    expect(store.current()?.message).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
  });
});

describe('§9 request timeout 90000 ms (the web API client)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a call with no answer is still waiting at 89 999 ms and times out at 90 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A server that never answers: the fetch settles only when the client aborts it.
    vi.stubGlobal(
      'fetch',
      (_input: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const toasts: string[] = [];
    const reports: ApiFailure[] = [];
    const client = createApiClient({
      baseURL: 'http://127.0.0.1:9',
      getToken: () => null,
      getLocale: () => 'en-us',
      toast: (message) => toasts.push(message),
      gate: { isRejectingRequests: () => false, reportSessionInvalid: () => undefined },
      registry: createRequestRegistry(),
      report: (failure) => reports.push(failure),
    });
    let settled = false;
    const call = client.get('/ums/user/info').finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(89_999);
    expect(settled).toBe(false);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toBe(false);
    expect(reports.map((r) => r.label)).toEqual(['interface timeout']);
    expect(toasts).toHaveLength(1);
  });
});
