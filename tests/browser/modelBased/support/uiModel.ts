// Model-based browser tests (issue 9 §3): the paths the path-coverage tests replay on the bare
// machine (planPaths, the same generator) drive the real UI in Chromium against the real portal.
// A flow's UI model says, for every state of its machine, what the user sees there, and for every
// user event, what the user does. Events the user does not do — an invoked actor's answer, a named
// delay, an event the app itself sends — are never performed: they happen as the consequence of the
// previous action against the real server (the model arranges the server so it answers the way the
// path says), or, for delays, when the model moves the clocks.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject, StateValue } from 'xstate';
import type { Locale } from '../../../../src/contract/envelope';
import { IDEMPOTENCY_HEADER } from '../../../../src/contract/idempotency';
import type { MachineRegistryEntry } from '../../../../machines/registry';
import { registryEntry } from '../../../../machines/registry';
import {
  allStateNodes,
  allTransitions,
  statePathOf,
  triggerOf,
} from '../../../../src/tools/machineGraph/machineStructure';
import { describePath, planPaths, type PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import { replayPath } from '../../../../src/tools/machineGraph/pathReplay';
import type { Portal } from '../../../support/portal';
import type { BrowserSuite } from '../../support/suite';

/** What a UI action or assertion knows about where it is in the path. */
export interface UiRun<D> {
  data: D;
  portal: Portal;
  locale: Locale;
  path: PlannedPath;
  /** Index in path.events of the event that led to the state being asserted; -1 at the start. */
  at: number;
  /** That event (null at the start): assertions read the answer it carried (which message shows). */
  cause: EventObject | null;
  /**
   * For a user action: the events the path expects as its consequences, up to the next user event
   * (the server's answer, a timer). The action arranges the server so that it answers this way.
   */
  outcomes: EventObject[];
}

export type StateAssertion<D> = (page: Page, run: UiRun<D>) => Promise<void>;
export type UserAction<D> = (page: Page, event: EventObject, run: UiRun<D>) => Promise<void>;

/** A state the user cannot observe (left within the same moment), with the reason. */
export interface NotUserVisible {
  notUserVisible: string;
}

export interface UiModel<D> {
  /** The registry id of the flow's machine. */
  entryId: string;
  locale: Locale;
  /** Fresh data for one path (accounts, companies: real rows), made before its page opens. */
  prepare(portal: Portal, path: PlannedPath): Promise<D>;
  /** A new browser context for one path (signed in when the flow needs it). */
  context(suite: BrowserSuite, data: D): Promise<BrowserContext>;
  /** Brings the page to the flow's initial state (after install of anything the path needs). */
  open(page: Page, run: UiRun<D>): Promise<void>;
  /** One entry per state node of the machine (dotted path, e.g. 'verification.code.fresh'). */
  states: Record<string, StateAssertion<D> | NotUserVisible>;
  /** One action per event the user sends. */
  events: Record<string, UserAction<D>>;
  /**
   * Events the app sends itself (not the user, not an actor, not a delay), each with the action
   * that causes it. They are never performed; `undrivable` says where the app would send them.
   */
  appEvents: Record<string, string>;
  /**
   * Every invoked actor (by invoke id) and every named delay: how the real server is made to give
   * each answer the paths need, or how the clocks are moved. Delays are performed by `delays`.
   */
  consequences: Record<string, string>;
  /**
   * Actor answers that do not follow from the page's last request but from what a person does
   * elsewhere (on a phone, inside a child flow's dialog), by invoke id: performed when the path
   * reaches the answer. Answers not listed happen by themselves.
   */
  answers?: Record<string, (page: Page, event: EventObject, run: UiRun<D>) => Promise<void>>;
  /** Moves time for a named delay (browser clock and whatever the server must agree with). */
  delays?: Record<string, (page: Page, run: UiRun<D>) => Promise<void>>;
  /** Why the UI cannot drive this path (an event sequence the app never produces), or null. */
  undrivable(path: PlannedPath): string | null;
}

// ---- what the machine defines --------------------------------------------------------------------

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

export type EventKind =
  | { kind: 'user'; type: string }
  | { kind: 'app'; type: string }
  | { kind: 'actor'; invokeId: string }
  | { kind: 'delay'; delay: string };

/** Every event type the machine's transitions listen to (the root's own included), classified. */
function machineEventKinds(machine: AnyStateMachine, appEvents: readonly string[]): Map<string, EventKind> {
  const kinds = new Map<string, EventKind>();
  const rootTransitions = [...machine.root.transitions.entries()].flatMap(([eventType, definitions]) =>
    definitions.map((definition) => ({ key: '', source: machine.root, eventType, definition })),
  );
  for (const transition of [...rootTransitions, ...allTransitions(machine)]) {
    const trigger = triggerOf(transition);
    if (trigger.kind === 'always' || trigger.kind === 'stateDone') continue;
    let kind: EventKind;
    if (trigger.kind === 'delay') kind = { kind: 'delay', delay: trigger.delay };
    else if (trigger.kind === 'actorDone' || trigger.kind === 'actorError')
      kind = { kind: 'actor', invokeId: trigger.invokeId };
    else if (appEvents.includes(trigger.event)) kind = { kind: 'app', type: trigger.event };
    else kind = { kind: 'user', type: trigger.event };
    kinds.set(transition.eventType, kind);
  }
  return kinds;
}

export function classify(machine: AnyStateMachine, model: UiModel<unknown>, event: EventObject): EventKind {
  if (event.type.startsWith(DONE)) return { kind: 'actor', invokeId: event.type.slice(DONE.length) };
  if (event.type.startsWith(ERROR)) return { kind: 'actor', invokeId: event.type.slice(ERROR.length) };
  if (event.type.startsWith(AFTER)) {
    const known = machineEventKinds(machine, Object.keys(model.appEvents)).get(event.type);
    if (known?.kind === 'delay') return known;
    throw new Error(`delay event ${event.type} is not a transition of ${machine.id}`);
  }
  if (event.type in model.appEvents) return { kind: 'app', type: event.type };
  return { kind: 'user', type: event.type };
}

/** Dotted paths of every state node ('verification.code.fresh'), parents first. */
export function machineStatePaths(machine: AnyStateMachine): string[] {
  return allStateNodes(machine).map(statePathOf);
}

/** The state nodes a state value has active, parents first ({a: {b: 'c'}} → a, a.b, a.b.c). */
export function activeStatePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...(child === undefined ? [] : activeStatePaths(child as StateValue, `${prefix}${key}.`)),
  ]);
}

export function isNotUserVisible<D>(entry: StateAssertion<D> | NotUserVisible): entry is NotUserVisible {
  return typeof entry === 'object' && 'notUserVisible' in entry;
}

/**
 * What the model leaves uncovered: a state without an assertion or exclusion, a user event without
 * an action, an actor or delay without a word on how it is produced, and names the machine lacks.
 * Empty when complete.
 */
export function modelGaps(model: UiModel<never>): string[] {
  const entry = needEntry(model.entryId);
  const gaps: string[] = [];
  const states = machineStatePaths(entry.machine);
  for (const state of states)
    if (!(state in model.states)) gaps.push(`state '${state}' has no UI assertion and is not excluded`);
  for (const state of Object.keys(model.states))
    if (!states.includes(state)) gaps.push(`state '${state}' is not a state of ${model.entryId}`);
  for (const [state, entryOf] of Object.entries(model.states))
    if (isNotUserVisible(entryOf) && entryOf.notUserVisible.trim() === '')
      gaps.push(`state '${state}' is excluded without a reason`);

  const kinds = [...machineEventKinds(entry.machine, Object.keys(model.appEvents)).values()];
  const userEvents = new Set(kinds.flatMap((k) => (k.kind === 'user' ? [k.type] : [])));
  const appEvents = new Set(kinds.flatMap((k) => (k.kind === 'app' ? [k.type] : [])));
  const produced = new Set(
    kinds.flatMap((k) => (k.kind === 'actor' ? [k.invokeId] : k.kind === 'delay' ? [k.delay] : [])),
  );
  const delays = new Set(kinds.flatMap((k) => (k.kind === 'delay' ? [k.delay] : [])));
  for (const type of userEvents)
    if (!(type in model.events)) gaps.push(`user event '${type}' has no UI action`);
  for (const type of Object.keys(model.events))
    if (!userEvents.has(type)) gaps.push(`'${type}' is not a user event of ${model.entryId}`);
  for (const type of Object.keys(model.appEvents))
    if (!appEvents.has(type)) gaps.push(`app event '${type}' is not an event of ${model.entryId}`);
  for (const name of produced)
    if (!model.consequences[name]?.trim())
      gaps.push(`'${name}' (actor or delay) has no word on how it happens`);
  for (const name of Object.keys(model.consequences))
    if (!produced.has(name))
      gaps.push(`'${name}' is neither an invoked actor nor a delay of ${model.entryId}`);
  for (const delay of delays) if (!model.delays?.[delay]) gaps.push(`delay '${delay}' has no clock action`);
  for (const name of Object.keys(model.answers ?? {}))
    if (!produced.has(name) || delays.has(name))
      gaps.push(`answer '${name}' is not an invoked actor of ${model.entryId}`);
  return gaps;
}

function needEntry(id: string): MachineRegistryEntry {
  const entry = registryEntry(id);
  if (!entry) throw new Error(`no machine '${id}' in machines/registry.ts`);
  return entry;
}

// ---- which paths run -------------------------------------------------------------------------------

function prefixOf(path: PlannedPath, length: number): PlannedPath {
  return {
    input: path.input,
    events: path.events.slice(0, length),
    expectedValues: path.expectedValues.slice(0, length + 1),
  };
}

function drivablePrefix(model: UiModel<never>, path: PlannedPath): PlannedPath {
  for (let length = path.events.length - 1; length > 0; length--) {
    const prefix = prefixOf(path, length);
    if (model.undrivable(prefix) === null) return prefix;
  }
  return prefixOf(path, 0);
}

export interface UiPlan {
  entry: MachineRegistryEntry;
  planned: PlannedPath[];
  drivable: number;
  /** The paths to run in the browser: together they reach every state and transition the drivable paths reach. */
  selected: PlannedPath[];
  /** State paths the selected paths pass through. */
  reachedStates: Set<string>;
  /**
   * What the drivable paths reach ('state …' and 'transition …' keys) and the selected ones do not:
   * empty, or the cover dropped something (describeUiModel fails then).
   */
  leftOut: string[];
  takenTransitions: Set<string>;
  totalTransitions: number;
  /** How many planned paths the UI cannot follow to their end, by reason (their drivable prefix is kept). */
  undrivableReasons: Map<string, number>;
}

interface CoverItem {
  path: PlannedPath;
  /** 'state …' and 'transition …' keys the path reaches on the bare machine. */
  covered: Set<string>;
}

/**
 * A greedy cover of everything the items reach — the path adding most new states and transitions
 * per event first — then, longest first, every chosen path whose states and transitions the other
 * chosen paths all reach as well (a prefix of a longer chosen path, or made redundant by later
 * picks) is dropped. What the result reaches is what all items reach, and its paths are a subset of
 * the greedy pick's. Weighing a path's own cost (its page load is worth about six events) picked
 * fewer but longer paths, and was slower where events differ much in cost (two camera captures in
 * one identityVerification path): docs/decisions/testing.md, session 14.
 */
function coverAll(items: readonly CoverItem[]): CoverItem[] {
  const costOf = (item: CoverItem) => item.path.events.length + 1;
  const done = new Set<string>();
  const selected: CoverItem[] = [];
  const remaining = [...items];
  for (;;) {
    let best: CoverItem | undefined;
    let bestScore = 0;
    for (const item of remaining) {
      let fresh = 0;
      for (const c of item.covered) if (!done.has(c)) fresh++;
      const score = fresh / costOf(item);
      if (score > bestScore) [best, bestScore] = [item, score];
    }
    if (!best) break;
    selected.push(best);
    for (const c of best.covered) done.add(c);
    remaining.splice(remaining.indexOf(best), 1);
  }
  const times = new Map<string, number>();
  for (const item of selected) for (const c of item.covered) times.set(c, (times.get(c) ?? 0) + 1);
  for (const item of [...selected].sort((a, b) => costOf(b) - costOf(a))) {
    if (![...item.covered].every((c) => times.get(c)! > 1)) continue;
    selected.splice(selected.indexOf(item), 1);
    for (const c of item.covered) times.set(c, times.get(c)! - 1);
  }
  return selected;
}

/**
 * From the planner's paths: those the UI can drive, replayed on the bare machine (cheap) to learn
 * what each reaches, then a greedy cover (coverAll) so the browser runs only as many paths as the
 * coverage needs.
 */
export async function planUi(model: UiModel<never>, paths?: PlannedPath[]): Promise<UiPlan> {
  const entry = needEntry(model.entryId);
  // The planner's paths, unless the caller planned its own (drivablePlan.ts: only drivable steps).
  const planned = paths ?? planPaths(entry);
  const undrivableReasons = new Map<string, number>();
  // A path the UI cannot follow to its end is driven as far as it can: its longest drivable prefix.
  const bySignature = new Map<string, PlannedPath>();
  for (const path of planned) {
    const reason = model.undrivable(path);
    if (reason) undrivableReasons.set(reason, (undrivableReasons.get(reason) ?? 0) + 1);
    const prefix = reason === null ? path : drivablePrefix(model, path);
    if (prefix.events.length === 0 && path.events.length > 0) continue;
    const signature = JSON.stringify([prefix.input ?? null, prefix.events]);
    if (!bySignature.has(signature)) bySignature.set(signature, prefix);
  }
  const drivable = [...bySignature.values()];
  const idToPath = new Map(allStateNodes(entry.machine).map((node) => [node.id, statePathOf(node)]));
  const items = await Promise.all(
    drivable.map(async (path) => {
      const result = await replayPath(entry, path);
      const covered = new Set<string>();
      for (const id of result.reachedStateIds) covered.add(`state ${idToPath.get(id) ?? id}`);
      for (const key of result.takenTransitionKeys) covered.add(`transition ${key}`);
      return { path, covered };
    }),
  );
  const selected = coverAll(items);
  const done = new Set(selected.flatMap((item) => [...item.covered]));
  const leftOut = [...new Set(items.flatMap((item) => [...item.covered]))].filter((c) => !done.has(c));
  const strip = (prefix: string) =>
    new Set([...done].filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length)));
  const transitionKeys = new Set(allTransitions(entry.machine).map((transition) => transition.key));
  return {
    entry,
    planned,
    drivable: drivable.length,
    selected: selected.map((item) => item.path),
    reachedStates: strip('state '),
    leftOut,
    // The root's own transitions (e.g. the slider's token) are not counted by the coverage tools either.
    takenTransitions: new Set([...strip('transition ')].filter((key) => transitionKeys.has(key))),
    totalTransitions: allTransitions(entry.machine).length,
    undrivableReasons,
  };
}

// ---- running one path -----------------------------------------------------------------------------

/** The states a model asserted while the file ran (for the printed line and the final check). */
export class UiCoverage {
  readonly asserted = new Set<string>();
  readonly pathsRun = new Set<string>();

  line(model: UiModel<never>, plan: UiPlan): string {
    const total = machineStatePaths(plan.entry.machine).length;
    return (
      `ui ${model.entryId} states ${this.asserted.size}/${total} paths ${this.pathsRun.size}/${plan.planned.length}` +
      ` (drivable ${plan.drivable}, transitions ${plan.takenTransitions.size}/${plan.totalTransitions})`
    );
  }
}

export async function runUiPath<D>(
  suite: BrowserSuite,
  model: UiModel<D>,
  path: PlannedPath,
  coverage: UiCoverage,
): Promise<void> {
  const portal = suite.portal();
  const machine = needEntry(model.entryId).machine;
  const data = await model.prepare(portal, path);
  const page = await suite.page(await model.context(suite, data));
  const run: UiRun<D> = { data, portal, locale: model.locale, path, at: -1, cause: null, outcomes: [] };

  const assertState = async (value: StateValue, where: string) => {
    const active = activeStatePaths(value);
    // A snapshot with a state the user cannot see (a request in flight) passes within the server's
    // round trip: by the time the page could be checked, the answer may have moved it on. Its
    // parents are asserted in the snapshots before and after it.
    if (active.some((state) => model.states[state] && isNotUserVisible(model.states[state]!))) return;
    for (const state of active) {
      const assertion = model.states[state];
      if (!assertion) throw new Error(`no UI assertion for state '${state}'`);
      if (isNotUserVisible(assertion)) continue;
      try {
        await assertion(page, run);
      } catch (error) {
        throw new Error(`UI does not show state '${state}' ${where}: ${(error as Error).message}`, {
          cause: error,
        });
      }
      coverage.asserted.add(state);
    }
  };

  await model.open(page, run);
  await assertState(path.expectedValues[0]!, 'at the start');
  for (let i = 0; i < path.events.length; i++) {
    const event = path.events[i]!;
    const kind = classify(machine, model as UiModel<unknown>, event);
    if (kind.kind === 'user') {
      const outcomes: EventObject[] = [];
      for (const next of path.events.slice(i + 1)) {
        if (classify(machine, model as UiModel<unknown>, next).kind === 'user') break;
        outcomes.push(next);
      }
      run.outcomes = outcomes;
      const action = model.events[kind.type];
      if (!action) throw new Error(`no UI action for '${kind.type}'`);
      await action(page, event, run);
    } else if (kind.kind === 'delay') {
      const moveClock = model.delays?.[kind.delay];
      if (!moveClock) throw new Error(`no clock action for delay '${kind.delay}'`);
      await moveClock(page, run);
    } else if (kind.kind === 'actor') {
      await model.answers?.[kind.invokeId]?.(page, event, run);
    }
    // Other actor answers and app events are the consequences of the action before: nothing to perform.
    run.at = i;
    run.cause = event;
    await assertState(
      path.expectedValues[i + 1]!,
      `after ${event.type} (event ${i + 1} of ${path.events.length})`,
    );
  }
  coverage.pathsRun.add(describePath(path));
}

// ---- small helpers the models share ----------------------------------------------------------------

/** The answer an actor's done event carries (`{kind, code}` of an ApiOutcome, or the raw output). */
export function outputOf(event: EventObject | undefined): unknown {
  return (event as { output?: unknown } | undefined)?.output;
}

export function isError(event: EventObject | undefined, invokeId: string): boolean {
  return event?.type === `${ERROR}${invokeId}`;
}

export function isDone(event: EventObject | undefined, invokeId: string): boolean {
  return event?.type === `${DONE}${invokeId}`;
}

/** The refusal code of an ApiOutcome-shaped output, 'ok' when accepted, undefined otherwise. */
export function answerCode(event: EventObject | undefined): string | undefined {
  const output = outputOf(event) as { kind?: string; code?: string } | undefined;
  if (output?.kind === 'ok') return 'ok';
  if (output?.kind === 'refused') return output.code;
  return undefined;
}

/**
 * Makes the next call to `pathname` fail as a broken network would (the app's error branch). A write
 * is sent again by the client with its idempotency key (src/web/api/writeRetry.ts): a network that is
 * down stays down for those resends too, so every request carrying the first one's key fails.
 */
export async function failNextRequest(page: Page, pathname: string): Promise<void> {
  const failing = failOneCall();
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => (failing(route.request()) ? route.abort('connectionfailed') : route.fallback()),
  );
}

/**
 * Decides, request by request, whether it belongs to the one call that fails: the first request
 * offered, and every resend of it (the same Idempotency-Key); a read has no key and fails once.
 */
export function failOneCall(): (request: Request) => boolean {
  let state: 'waiting' | 'failing' | 'done' = 'waiting';
  let key: string | undefined;
  return (request) => {
    const own = request.headers()[IDEMPOTENCY_HEADER];
    if (state === 'waiting') {
      state = own ? 'failing' : 'done';
      key = own;
      return true;
    }
    return state === 'failing' && own !== undefined && own === key;
  };
}

// ---- the test file of one flow -----------------------------------------------------------------------

/**
 * The tests of one flow's UI model: the completeness check (a new state or user event without UI
 * coverage fails here), one test per selected path, and the coverage line with its final check.
 */
export function describeUiModel<D>(suite: BrowserSuite, model: UiModel<D>, plan: UiPlan): void {
  const coverage = new UiCoverage();
  const asModel = model as unknown as UiModel<never>;
  const visibleStates = Object.entries(model.states)
    .filter(([, entry]) => !isNotUserVisible(entry))
    .map(([state]) => state);

  describe(`UI model of ${model.entryId}`, () => {
    it('has a UI assertion (or a reasoned exclusion) for every state and an action for every user event', () => {
      expect(modelGaps(asModel)).toEqual([]);
    });

    it('runs paths that together reach every state it has an assertion for', () => {
      expect(plan.selected.length).toBeGreaterThan(0);
      // Fewer paths than the planner's, never less coverage: every state and transition any
      // drivable path reaches, a selected one reaches too.
      expect(plan.leftOut).toEqual([]);
      expect(visibleStates.filter((state) => !plan.reachedStates.has(state))).toEqual([]);
    });

    for (const path of plan.selected) {
      it(describePath(path), () => runUiPath(suite, model, path, coverage));
    }

    // Runs after the path tests above (tests of a file run in order).
    it('asserted every user-visible state in the real UI', () => {
      console.log(coverage.line(asModel, plan));
      const excluded = Object.entries(model.states).flatMap(([state, entry]) =>
        isNotUserVisible(entry) ? [`  not user-visible: ${state} (${entry.notUserVisible})`] : [],
      );
      const skipped = [...plan.undrivableReasons].map(
        ([why, n]) => `  ${n} planned paths cut to their drivable prefix: ${why}`,
      );
      const untaken = allTransitions(plan.entry.machine)
        .map((t) => t.key)
        .filter((key) => !plan.takenTransitions.has(key))
        .map((key) => `  transition not driven in the UI: ${key}`);
      console.log([...excluded, ...skipped, ...untaken].join('\n'));
      expect(visibleStates.filter((state) => !coverage.asserted.has(state))).toEqual([]);
    });
  });
}

/**
 * While a request is in flight, the real server answers before a person could act, so a path where
 * anything but that answer comes next cannot be reproduced in the UI. `busyStates` are the states
 * (dotted paths) that wait for a server answer. Returns the reason, or null.
 */
export function inFlightRule(path: PlannedPath, busyStates: readonly string[]): string | null {
  for (const [i, event] of path.events.entries()) {
    const active = activeStatePaths(path.expectedValues[i]!);
    if (!active.some((state) => busyStates.includes(state))) continue;
    if (!event.type.startsWith(DONE) && !event.type.startsWith(ERROR))
      return 'nothing but the answer comes while a request is in flight';
  }
  return null;
}

/**
 * Every path is another person, but all of them come from 127.0.0.1: the per-IP limits (counted in
 * PostgreSQL) would refuse later paths with 429. Each path starts with the counters empty.
 */
export async function forgetRateLimits(portal: Portal): Promise<void> {
  await portal.app.pool.query('delete from rate_limit_counters');
}

/**
 * The app's API client answers a page-handled call whose connection failed with an 'internal'
 * refusal (src/web/api/client.ts), so the actor resolves and the chart takes its done branch: the
 * error branch of these actors never happens in the real app. Returns the reason, or null.
 */
export function pageHandledErrorRule(path: PlannedPath, invokeIds: readonly string[]): string | null {
  const error = path.events.find((event) => invokeIds.some((id) => isError(event, id)));
  return error
    ? `${error.type}: the API client turns a failed connection into an 'internal' refusal (done branch)`
    : null;
}
