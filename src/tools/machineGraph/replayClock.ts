// A SimulatedClock that can say when its pending timers are due, so a replay advances time exactly
// to the moment a named delay fires (and not past other timers that would fire first).
import { SimulatedClock } from 'xstate';

export class ReplayClock extends SimulatedClock {
  private readonly pending = new Map<number, { due: number; timeout: number }>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = super.setTimeout((...args: unknown[]) => {
      this.pending.delete(id);
      fn(...args);
    }, timeout);
    this.pending.set(id, { due: this.now() + timeout, timeout });
    return id;
  }

  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }

  /** Moves time to the earliest pending timer of exactly `timeoutMs`; false when none is pending. */
  advanceToTimer(timeoutMs: number): boolean {
    const now = this.now();
    const due = [...this.pending.values()]
      .filter((timer) => timer.timeout === timeoutMs && timer.due >= now)
      .map((timer) => timer.due)
      .sort((a, b) => a - b)[0];
    if (due === undefined) return false;
    this.set(due);
    return true;
  }
}
