// The route-change progress bar's state (spec §2): started when the location changes, finished
// when the new page has rendered (lazy pages included).
type Listener = () => void;

export type ProgressState = 'idle' | 'running' | 'finishing';

let state: ProgressState = 'idle';
let finishTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

/** How long the full bar stays visible before it fades. */
export const FINISH_VISIBLE_MS = 200;

export const routeProgress = {
  start() {
    if (finishTimer !== undefined) clearTimeout(finishTimer);
    state = 'running';
    emit();
  },
  done() {
    if (state !== 'running') return;
    state = 'finishing';
    emit();
    finishTimer = setTimeout(() => {
      state = 'idle';
      emit();
    }, FINISH_VISIBLE_MS);
  },
  state: () => state,
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
