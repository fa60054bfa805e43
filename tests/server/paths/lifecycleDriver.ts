// Drives a server-side lifecycle over HTTP with paths generated from its chart (issue 19 §1): the
// chart is only the oracle. Each planned path starts on a fresh subject (a company, a session, an
// account made by the lifecycle's `start`), every event is an HTTP call from the lifecycle's explicit
// table, and after each step the status the API reports must be the one the explicit state ↔ status
// table gives for the path's target state. From every state the chart reaches, every event the chart
// refuses there is sent too and must be refused with its documented code, the status unchanged.
// Named delays are never waited for: the app's test clock moves by the chart's delay.
// Coverage counts only what the server confirmed: a state is reached, a transition taken, when the
// API reported the expected status after the step.
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';
import { Codes, type CodeName } from '../../../src/contract/codes';
import type { MachineRegistryEntry } from '../../../machines/registry';
import {
  allStateNodes,
  allTransitions,
  transitionKeyOf,
} from '../../../src/tools/machineGraph/machineStructure';
import { planPaths, type PlannedPath } from '../../../src/tools/machineGraph/pathPlan';
import type { TestClock } from '../../support/testApp';

/** What one HTTP call answered: its HTTP status and the envelope's code. */
export interface HttpAnswer {
  status: number;
  code: number;
  msg?: string;
}

/** A state of the chart as a dotted path ('registered.linkValid', 'underReview'). */
export type StatePath = string;

export function statePathOf(value: StateValue): StatePath {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const [key, child] = entries[0] ?? [];
  if (entries.length !== 1 || key === undefined || child === undefined) {
    throw new Error(`a lifecycle has no parallel states: ${JSON.stringify(value)}`);
  }
  return `${key}.${statePathOf(child)}`;
}

export interface LifecycleHttpModel<Subject, Status> {
  entry: MachineRegistryEntry;
  clock: TestClock;
  /** A fresh subject in the chart's initial state (setup, not under test: direct inserts allowed). */
  start(): Promise<Subject>;
  /**
   * The HTTP call for every event of the chart (named delays excepted: the clock moves for those).
   * `state` is where the chart says the subject is, for calls whose body depends on it (a version).
   */
  send: Record<string, (subject: Subject, state: StatePath) => Promise<HttpAnswer>>;
  /** The code a successful call answers (most: ok; some business outcomes have their own). */
  acceptedCode(event: string, from: StatePath): CodeName;
  /** The documented refusal of `event` in `state`, where the chart has no such transition. */
  refusedCode(event: string, state: StatePath, subject: Subject): CodeName;
  /** The status the API reports for the subject now (GET, or a probe that changes nothing). */
  observe(subject: Subject): Promise<Status>;
  /** Every leaf state of the chart → the status the API must report for it (the contract's words). */
  statusOf: Readonly<Record<StatePath, Status>>;
  /**
   * Events the API has no call of their own for: they are the same request as another event (the
   * card's re-application is its temporary save). Where the chart refuses one but accepts the other,
   * the API cannot tell them apart, so that refusal is not sent (the report counts it).
   */
  sameCallAs?: Readonly<Record<string, readonly string[]>>;
  /**
   * Where the API documents its call for `event` in `state` as several chart events in one request
   * (the card's submit from 'rejected' is the re-application, then the submit): those events, which
   * the chart must accept in turn; the API must then report the status of where they lead.
   */
  composedAs?: (event: string, state: StatePath) => readonly string[] | null;
  /**
   * Chart events the contract deliberately has no request for, each with the contract line that
   * says so. Not a way to skip: every one is reported on the coverage line, its transitions are the
   * only ones the coverage may miss, and the lifecycle's test proves the API still has no such
   * request (so adding one fails until the table maps it).
   */
  notOffered?: Readonly<Record<string, string>>;
}

/** Every event type the chart names, delays excepted. */
export function chartEvents(machine: AnyStateMachine): string[] {
  return [
    ...new Set(
      allTransitions(machine)
        .map((t) => t.eventType)
        .filter((type) => !type.startsWith('xstate.')),
    ),
  ];
}

/** Every leaf state of the chart as a dotted path. */
export function leafStates(machine: AnyStateMachine): StatePath[] {
  return allStateNodes(machine)
    .filter((node) => Object.keys(node.states).length === 0)
    .map((node) => node.path.join('.'));
}

function snapshotOf(machine: AnyStateMachine, value: StateValue): AnyMachineSnapshot {
  return machine.resolveState({ value, context: {} });
}

/** The transition the chart takes for `eventType` from `value` (innermost source first). */
function transitionTaken(machine: AnyStateMachine, value: StateValue, eventType: string) {
  const nodes = [...snapshotOf(machine, value)._nodes].reverse();
  for (const node of nodes) {
    const definition = node.transitions.get(eventType)?.[0];
    if (definition) return definition;
  }
  throw new Error(`the chart takes no '${eventType}' from ${JSON.stringify(value)}`);
}

/** The named delay an `xstate.after.<delay>.<state id>` event stands for, and its milliseconds. */
function delayOf(machine: AnyStateMachine, eventType: string): number | null {
  if (!eventType.startsWith('xstate.after.')) return null;
  const name = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const ms: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof ms !== 'number') throw new Error(`'${machine.id}' has no fixed delay '${name}'`);
  return ms;
}

export class HttpCoverage {
  readonly reached = new Set<string>();
  readonly taken = new Set<string>();
  readonly refusalsChecked = new Set<string>();
  readonly refusalsIndistinct = new Set<string>();
  readonly composites = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}

  reach(value: StateValue) {
    for (const node of snapshotOf(this.machine, value)._nodes) if (node.parent) this.reached.add(node.id);
  }

  report(notOffered: Readonly<Record<string, string>> = {}) {
    const states = allStateNodes(this.machine).map((node) => node.id);
    const all = allTransitions(this.machine);
    const transitions = all.map((t) => t.key);
    const missedStates = states.filter((id) => !this.reached.has(id));
    const missed = transitions.filter((key) => !this.taken.has(key));
    const unoffered = new Set(all.filter((t) => t.eventType in notOffered).map((t) => t.key));
    const missedTransitions = missed.filter((key) => !unoffered.has(key));
    const line =
      `${this.machine.id} over HTTP: states ${states.length - missedStates.length}/${states.length}, ` +
      `transitions ${transitions.length - missed.length}/${transitions.length}` +
      (unoffered.size > 0
        ? ` (NOT OFFERED BY THE API: ${[...unoffered].join(', ')}; the chart and the contract disagree)`
        : '') +
      ', ' +
      `refusals checked ${this.refusalsChecked.size}` +
      (this.composites.size > 0 ? `, composite calls checked ${this.composites.size}` : '') +
      (this.refusalsIndistinct.size > 0
        ? ` (not sendable, same call as an accepted event: ${[...this.refusalsIndistinct].join(', ')})`
        : '');
    return { line, missedStates, missedTransitions, notOffered: [...unoffered] };
  }
}

const codeOf = (name: CodeName) => Codes[name].code;

/** The paths to drive: every state reached and every transition taken, redundant prefixes dropped. */
export function plannedPaths(entry: MachineRegistryEntry): PlannedPath[] {
  return planPaths(entry);
}

/** A model's tables must name every event and every leaf state of the chart: checked loudly. */
export function assertTablesComplete<S, T>(model: LifecycleHttpModel<S, T>): void {
  const machine = model.entry.machine;
  const unmapped = chartEvents(machine).filter(
    (event) => !(event in model.send) && !(event in (model.notOffered ?? {})),
  );
  expect(unmapped, `chart events with no HTTP call in ${machine.id}'s table`).toEqual([]);
  const unnamed = leafStates(machine).filter((state) => !(state in model.statusOf));
  expect(unnamed, `chart states with no API status in ${machine.id}'s table`).toEqual([]);
}

async function expectStatus<S, T>(
  model: LifecycleHttpModel<S, T>,
  subject: S,
  value: StateValue,
  note: string,
) {
  const state = statePathOf(value);
  const expected = model.statusOf[state];
  if (expected === undefined) throw new Error(`no API status for state '${state}' in the table`);
  expect(await model.observe(subject), `${note}: the API's status for chart state '${state}'`).toEqual(
    expected,
  );
}

/** One step of a path: the HTTP call (or the clock), then the status the API reports. */
async function driveStep<S, T>(
  model: LifecycleHttpModel<S, T>,
  coverage: HttpCoverage,
  subject: S,
  from: StateValue,
  eventType: string,
  to: StateValue,
): Promise<void> {
  const machine = model.entry.machine;
  const fromPath = statePathOf(from);
  const delay = delayOf(machine, eventType);
  if (delay !== null) {
    // A millisecond before the chart's delay nothing has happened yet; a millisecond after, it has.
    // The server compares its stored times with its own number, so a different one fails here.
    model.clock.advance(delay - 1);
    await expectStatus(model, subject, from, `1 ms before ${eventType} in '${fromPath}'`);
    model.clock.advance(2);
  } else {
    const send = model.send[eventType];
    if (!send) throw new Error(`chart event '${eventType}' has no HTTP call in ${machine.id}'s table`);
    const answer = await send(subject, fromPath);
    expect(answer, `${eventType} from '${fromPath}' (${answer.msg ?? ''})`).toMatchObject({
      code: codeOf(model.acceptedCode(eventType, fromPath)),
    });
  }
  await expectStatus(model, subject, to, `after ${eventType} from '${fromPath}'`);
  coverage.taken.add(transitionKeyOf(transitionTaken(machine, from, eventType)));
  coverage.reach(to);
}

/** Drives one planned path on a fresh subject; returns the subject (at the path's end). */
export async function drivePath<S, T>(
  model: LifecycleHttpModel<S, T>,
  coverage: HttpCoverage,
  path: PlannedPath,
): Promise<S> {
  const subject = await model.start();
  const [initial] = path.expectedValues;
  if (initial === undefined) throw new Error('a planned path has no initial state');
  await expectStatus(model, subject, initial, 'at start');
  coverage.reach(initial);
  for (const [i, event] of path.events.entries()) {
    if (model.notOffered && event.type in model.notOffered) return subject;
    await driveStep(
      model,
      coverage,
      subject,
      path.expectedValues[i]!,
      event.type,
      path.expectedValues[i + 1]!,
    );
  }
  return subject;
}

/** The shortest planned route into every leaf state the chart reaches, as a prefix of a path. */
export function routesToStates(paths: readonly PlannedPath[]): Map<StatePath, PlannedPath> {
  const routes = new Map<StatePath, PlannedPath>();
  for (const path of paths) {
    path.expectedValues.forEach((value, i) => {
      const state = statePathOf(value);
      const known = routes.get(state);
      if (known && known.events.length <= i) return;
      routes.set(state, {
        input: path.input,
        events: path.events.slice(0, i),
        expectedValues: path.expectedValues.slice(0, i + 1),
      });
    });
  }
  return routes;
}

/**
 * In `state` (reached by `route`), sends every chart event the chart refuses there, one after the
 * other on the same subject: each must answer its documented refusal, and the status stays.
 */
export async function checkRefusals<S, T>(
  model: LifecycleHttpModel<S, T>,
  coverage: HttpCoverage,
  route: PlannedPath,
): Promise<void> {
  const machine = model.entry.machine;
  const value = route.expectedValues.at(-1)!;
  const state = statePathOf(value);
  const snapshot = snapshotOf(machine, value);
  const refused = chartEvents(machine).filter(
    (type) => snapshot.status !== 'active' || !snapshot.can({ type }),
  );
  const subject = await drivePath(model, coverage, route);
  const composites: Array<[string, readonly string[]]> = [];
  for (const event of refused) {
    if (model.notOffered && event in model.notOffered) continue;
    const composed = model.composedAs?.(event, state) ?? null;
    if (composed !== null) {
      composites.push([event, composed]);
      continue;
    }
    const aliases = model.sameCallAs?.[event] ?? [];
    if (snapshot.status === 'active' && aliases.some((type) => snapshot.can({ type }))) {
      coverage.refusalsIndistinct.add(`${state} ${event}`);
      continue;
    }
    const send = model.send[event];
    if (!send) throw new Error(`chart event '${event}' has no HTTP call in ${machine.id}'s table`);
    const answer = await send(subject, state);
    expect(answer, `${event} in '${state}' must be refused (${answer.msg ?? ''})`).toMatchObject({
      code: codeOf(model.refusedCode(event, state, subject)),
    });
    await expectStatus(model, subject, value, `after the refused ${event}`);
    coverage.refusalsChecked.add(`${state} ${event}`);
  }
  // A composite call moves the subject on: each gets a fresh subject in `state`.
  for (const [event, composed] of composites) {
    let target: AnyMachineSnapshot = snapshot;
    for (const type of composed) {
      expect(target.can({ type }), `the chart accepts ${type} in ${JSON.stringify(target.value)}`).toBe(true);
      target = transition(machine, target, { type })[0];
    }
    const fresh = await drivePath(model, coverage, route);
    const answer = await model.send[event]!(fresh, state);
    expect(answer, `${event} in '${state}' is ${composed.join(' + ')} (${answer.msg ?? ''})`).toMatchObject({
      code: codeOf('ok'),
    });
    await expectStatus(model, fresh, target.value, `after ${event} (${composed.join(' + ')})`);
    coverage.composites.add(`${state} ${event}`);
  }
}

export function describeRoute(path: PlannedPath): string {
  return (
    path.events.map((e) => e.type.replace(/^xstate\.after\.([^.]+)\..*$/, '⏱ $1')).join(' → ') || '(initial)'
  );
}

/** A real HTTP call to the app under /plat, answering the envelope. */
export async function httpCall<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { headers?: Record<string, string>; json?: unknown; form?: FormData } = {},
): Promise<HttpAnswer & { data: T }> {
  const headers: Record<string, string> = { language: '1', ...(opts.headers ?? {}) };
  let body: FormData | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(`${baseUrl}/plat${path}`, { method, headers, body });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, code: envelope.code, msg: envelope.msg, data: envelope.data };
}

/** A path's test title; a path through an event the API does not offer says where it stops. */
export function pathTitle(path: PlannedPath, notOffered: Readonly<Record<string, string>> = {}): string {
  const stop = path.events.findIndex((e) => e.type in notOffered);
  if (stop < 0) return `drives ${describeRoute(path)}`;
  const head = { ...path, events: path.events.slice(0, stop) };
  return `drives ${describeRoute(head)}, then stops: ${path.events[stop]!.type} is not offered by the API`;
}

/**
 * The one shape of every lifecycle's file: the tables name every chart event and state (plus the
 * file's own vocabulary check), every planned path is driven, every reached state's refusals are
 * sent, the file's own tests run, and 100 % of states and transitions through the API is asserted
 * last (tests of a file run in order). `model` is read when the tests run (it is built in beforeAll).
 */
export function describeLifecycleOverHttp<S, T>(
  title: string,
  entry: MachineRegistryEntry,
  model: () => LifecycleHttpModel<S, T>,
  extra: { vocabulary?: () => void; tests?: () => void } = {},
): void {
  const paths = plannedPaths(entry);
  const coverage = new HttpCoverage(entry.machine);
  describe(title, () => {
    it('names every chart event and state in its tables', () => {
      assertTablesComplete(model());
      extra.vocabulary?.();
    });

    for (const path of paths) {
      it(pathTitle(path), async () => {
        await drivePath(model(), coverage, path);
      });
    }

    for (const [state, route] of routesToStates(paths)) {
      it(`refuses in '${state}' every event the chart refuses there`, async () => {
        await checkRefusals(model(), coverage, route);
      });
    }

    extra.tests?.();

    it('drove every state and every transition through the API', () => {
      const report = coverage.report(model().notOffered);
      console.log(report.line);
      expect({
        missedStates: report.missedStates,
        missedTransitions: report.missedTransitions,
        notOffered: report.notOffered,
      }).toEqual({ missedStates: [], missedTransitions: [], notOffered: [] });
    });
  });
}
