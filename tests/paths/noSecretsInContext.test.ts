// No password or code in any machine context, ever (issue 19 §5): a context is what snapshots,
// diagnostics, kept drafts and support replays are made of, so a secret that reaches it can leave
// the browser. For every registered machine, the graph tools walk every snapshot the generated paths
// go through (the adjacency map the paths are cut from) with events whose passwords and emailed codes
// are recognisable values, and a deep scan of each snapshot's context must find none of them. The
// secrets travel in the event to the invoked actor's input, or stay in the form. A modified copy of
// the registration chart that keeps the password again proves the scan catches it.
// Tokens follow the same rule, with no exception (docs/decisions/support.md "No token in a machine context either"): every
// string under a key named `token` or `…Token` in any event or input is marked (the slider's token
// as a slider verdict carries it, a session token in a sign-in answer, a link token in an input), and
// no context may hold one. The slider's token stays with the host that provides the flow's calls, a
// link's token in the page's URL. Modified copies of the login chart (keeping the slider's token)
// and of the activation chart (keeping the link's token) prove the scan catches a token too.
import { describe, expect, it } from 'vitest';
import {
  assign,
  createMachine,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, serializeSnapshot } from 'xstate/graph';
import { activationMachine } from '../../machines/activation.machine';
import { loginMachine } from '../../machines/login.machine';
import { registrationMachine } from '../../machines/registration.machine';
import { machineRegistry, registryEntry, type MachineRegistryEntry } from '../../machines/registry';
import { traversalEvents } from '../../src/tools/machineGraph/pathPlan';

const SECRET_MARK = 'SECRET-';
const TOKEN_MARK = 'TOKEN-';

const isTokenKey = (key: string) => /^token$|Token$/.test(key);

/** Every token (any key `token` / `…Token`) marked; with `secrets`, passwords and codes too. */
function markValues(value: unknown, key: string, secrets: boolean): unknown {
  if (typeof value === 'string') {
    if (isTokenKey(key)) return `${TOKEN_MARK}${value}`;
    if (secrets && /password/i.test(key)) return `${SECRET_MARK}password-${value}`;
    if (secrets && /^code$|Code$/.test(key) && !/areaCode|invitationCode/i.test(key))
      return `${SECRET_MARK}code-${value}`;
    return value;
  }
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markValues(v, k, secrets)]));
  return value;
}

/** A recognisable stand-in for every password and code a person types into a user event, and for
 *  every token any event carries (a slider verdict, an actor's answer). */
function withSecrets(event: EventObject): EventObject {
  return markValues(event, '', event.type.startsWith('user.')) as EventObject;
}

/** A token in a chart's input, marked. */
const withTokenInput = (input: unknown): unknown => markValues(input, '', false);

/** The key paths (`info.password`) under which `mark` appears in `value`. */
function marked(mark: string, value: unknown, path = '', found: string[] = [], seen = new Set<unknown>()) {
  if (typeof value === 'string') {
    if (value.includes(mark)) found.push(path);
  } else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const [key, item] of Object.entries(value))
      marked(mark, item, path ? `${path}.${key}` : key, found, seen);
  }
  return found;
}

const secretsOf = (value: unknown) => marked(SECRET_MARK, value);

interface Scan {
  /** Secret values the walk's events carried into the chart (events some snapshot accepted). */
  sent: number;
  /** Token values the walk's events carried into the chart (events some snapshot accepted). */
  tokensSent: number;
  /** Where a password or code was found: the state and the context key. */
  leaks: string[];
  /** The context keys that held a token. */
  tokenKeys: string[];
  snapshots: number;
}

function scan(entry: MachineRegistryEntry): Scan {
  const secretEntry = { ...entry, graphEvents: entry.graphEvents?.map(withSecrets) };
  const events = traversalEvents(secretEntry);
  const result: Scan = { sent: 0, tokensSent: 0, leaks: [], tokenKeys: [], snapshots: 0 };
  for (const input of entry.graphInputs ?? [undefined]) {
    const adjacency = getAdjacencyMap(entry.machine as AnyStateMachine, {
      input: withTokenInput(input),
      events,
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot) as string,
      limit: 20_000,
    });
    for (const { state, transitions } of Object.values(adjacency)) {
      const steps = Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>;
      const snapshots = [state, ...steps.map((step) => step.state)];
      for (const { event } of steps)
        if (state.can(event)) {
          result.sent += secretsOf(event).length;
          result.tokensSent += marked(TOKEN_MARK, event).length;
        }
      for (const snapshot of snapshots) {
        result.snapshots++;
        for (const key of secretsOf(snapshot.context))
          result.leaks.push(`${JSON.stringify(snapshot.value)}: ${key}`);
        for (const key of marked(TOKEN_MARK, snapshot.context))
          result.tokenKeys.push(`${JSON.stringify(snapshot.value)}: ${key}`);
      }
    }
  }
  result.leaks = [...new Set(result.leaks)];
  result.tokenKeys = [...new Set(result.tokenKeys)];
  return result;
}

describe('no password, code or token in any machine context', { timeout: 180_000 }, () => {
  for (const entry of machineRegistry) {
    it(`${entry.id}: no snapshot on the generated paths holds a password, a code or a token`, () => {
      const { leaks, tokenKeys, snapshots } = scan(entry);
      expect(snapshots).toBeGreaterThan(0);
      expect(leaks).toEqual([]);
      expect(tokenKeys).toEqual([]);
    });
  }

  it('the walk does carry secrets and tokens into the charts that take them', () => {
    for (const id of ['login', 'registration', 'resetPassword', 'changePassword'])
      expect(scan(registryEntry(id)!).sent, id).toBeGreaterThan(0);
    // The slider's verdict carries its token; the sign-in answer carries the session token.
    for (const id of ['captcha', 'login']) expect(scan(registryEntry(id)!).tokensSent, id).toBeGreaterThan(0);
  });

  it('catches a chart that keeps the slider token in its context again', () => {
    const config = loginMachine.config;
    const keeping = createMachine({
      ...config,
      on: {
        ...config.on,
        'captcha.solved': {
          actions: assign({
            sliderSolved: true,
            captchaToken: ({ event }: { event: { captchaToken: string } }) => event.captchaToken,
          } as never),
        },
      },
    } as typeof config).provide(loginMachine.implementations as never);
    const entry = registryEntry('login')!;
    const { tokenKeys } = scan({
      ...entry,
      machine: keeping as AnyStateMachine,
      graphEvents: [...(entry.graphEvents ?? []), { type: 'captcha.solved', captchaToken: 'captcha-0001' }],
    });
    expect(tokenKeys.length).toBeGreaterThan(0);
    expect(tokenKeys.every((key) => key.endsWith(': captchaToken'))).toBe(true);
  });

  it('catches a chart that keeps the link token from its input again', () => {
    const config = activationMachine.config;
    const keeping = createMachine({
      ...config,
      context: ({ input }: { input: { hasToken: boolean; token: string } }) => ({
        hasToken: input.hasToken,
        token: input.token,
        message: null,
      }),
    } as typeof config).provide(activationMachine.implementations as never);
    const { tokenKeys } = scan({
      ...registryEntry('activation')!,
      machine: keeping as AnyStateMachine,
      graphInputs: [{ hasToken: true, token: 'activation-token-000001' }],
    });
    expect(tokenKeys.length).toBeGreaterThan(0);
    expect(tokenKeys.every((key) => key.endsWith(': token'))).toBe(true);
  });

  it('catches a chart that keeps the password in its context again', () => {
    const config = registrationMachine.config;
    const info = config.states!.info!;
    const [solved, ...rest] = (info.on as Record<string, object[]>)['user.submitInfo']!;
    const leaking = createMachine({
      ...config,
      states: {
        ...config.states,
        info: {
          ...info,
          on: {
            ...info.on,
            'user.submitInfo': [
              {
                ...solved,
                actions: assign({ info: ({ event }: { event: { info: unknown } }) => event.info } as never),
              },
              ...rest,
            ],
          },
        },
      },
    } as typeof config).provide(registrationMachine.implementations as never);
    const { leaks } = scan({ ...registryEntry('registration')!, machine: leaking as AnyStateMachine });
    expect(leaks.length).toBeGreaterThan(0);
    expect(leaks.every((leak) => leak.endsWith(': info.password'))).toBe(true);
  });
});
