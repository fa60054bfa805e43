// Paths planned from the machine through drivable steps only. The planner of the path-coverage
// tests (pathPlan.ts) takes the shortest path to each snapshot; where its next step is one the UI
// cannot produce (an update the live stream always reports later, an answer that needs a race),
// planUi cuts the path there, and a transition that a longer, drivable way reaches is never driven.
// This breadth-first search over the same events (the registry's payloads) extends a path only by
// a step the model's `undrivable` accepts, so every snapshot and transition the UI can reach at all
// gets a path: the shortest drivable one to each snapshot, plus one drivable step out of it.
import { initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { serializeSnapshot } from 'xstate/graph';
import { registryEntry } from '../../../../machines/registry';
import { traversalEvents, type PlannedPath } from '../../../../src/tools/machineGraph/pathPlan';
import type { UiModel } from './uiModel';

/** Stops a machine whose context grows without bound from hanging the search. */
const SNAPSHOT_LIMIT = 5_000;

/**
 * `adapt`: the registry's payload as this UI's stand-ins really give it (e.g. the camera's hint the
 * phone page's light guide says), so the oracle states what the page can show.
 */
export function planDrivablePaths(
  model: UiModel<never>,
  adapt: (event: EventObject) => EventObject = (event) => event,
): PlannedPath[] {
  const entry = registryEntry(model.entryId);
  if (!entry) throw new Error(`no machine '${model.entryId}' in machines/registry.ts`);
  const eventsOf = traversalEvents(entry);
  const paths: PlannedPath[] = [];
  for (const input of entry.graphInputs ?? [undefined]) {
    const [first] = initialTransition(entry.machine, input);
    const start: PlannedPath = { input, events: [], expectedValues: [first.value] };
    const seen = new Set([serializeSnapshot(first) as string]);
    const queue: Array<{ snapshot: AnyMachineSnapshot; path: PlannedPath }> = [
      { snapshot: first, path: start },
    ];
    paths.push(start);
    while (queue.length > 0) {
      if (seen.size > SNAPSHOT_LIMIT) throw new Error(`${entry.id}: more than ${SNAPSHOT_LIMIT} snapshots`);
      const { snapshot, path } = queue.shift()!;
      if (snapshot.status !== 'active') continue;
      for (const event of (eventsOf(snapshot) as EventObject[]).map(adapt)) {
        if (!snapshot.can(event)) continue;
        const [next] = transition(entry.machine, snapshot, event);
        const extended: PlannedPath = {
          input,
          events: [...path.events, event],
          expectedValues: [...path.expectedValues, next.value],
        };
        if (model.undrivable(extended) !== null) continue;
        paths.push(extended);
        const key = serializeSnapshot(next) as string;
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push({ snapshot: next, path: extended });
      }
    }
  }
  return paths;
}
