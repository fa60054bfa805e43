// Durations per journey step. The certification helpers of the server tests make their own fetch
// calls; a recorder around fetch times those per route (to the answer's headers: the bodies are
// small JSON envelopes), so the helpers are reused unchanged.
import { percentile } from './runnerStats';

export const JOURNEY_STEPS = [
  'captcha',
  'sendCode',
  'codeMail',
  'register',
  'activationMail',
  'activate',
  'login',
  'confirmLocation',
  'upload',
  'viewApplication',
  'saveDraft',
  'submit',
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

export class StepTimings {
  private readonly samples = new Map<JourneyStep, number[]>();

  record(step: JourneyStep, ms: number): void {
    let list = this.samples.get(step);
    if (!list) this.samples.set(step, (list = []));
    list.push(ms);
  }

  async time<T>(step: JourneyStep, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    this.record(step, performance.now() - started);
    return result;
  }

  p95(step: JourneyStep): number {
    return percentile(this.samples.get(step) ?? [], 95);
  }

  count(step: JourneyStep): number {
    return this.samples.get(step)?.length ?? 0;
  }
}

/** Which step a helper's fetch belongs to, by method and path under /plat. */
const FETCH_STEPS: Record<string, JourneyStep> = {
  'POST /plat/files': 'upload',
  'GET /plat/kyb/application': 'viewApplication',
  'POST /plat/kyb/draft': 'saveDraft',
  'POST /plat/kyb/location': 'confirmLocation',
  'POST /plat/kyb/submit': 'submit',
};

/** Times every fetch to `base` of a known route until the returned function is called. */
export function recordFetches(base: string, timings: StepTimings): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const step = url.origin === new URL(base).origin ? FETCH_STEPS[`${method} ${url.pathname}`] : undefined;
    const started = performance.now();
    const response = await original(input, init);
    if (step) timings.record(step, performance.now() - started);
    return response;
  };
  return () => {
    globalThis.fetch = original;
  };
}
