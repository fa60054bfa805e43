// The one display-only countdown (issue 19 §3): seconds until `deadline` (device clock), re-rendered
// each second. The charts decide when something is allowed (their named delays); this only draws
// the number beside a button or under a QR code.
import { useEffect, useState } from 'react';
import { Time } from '../../contract/limits';

/** Whole seconds from `now` to `deadline`, rounded up (1 ms left still reads "1"), never below 0. */
export function secondsUntil(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / Time.SECOND));
}

export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    // A new deadline counts from now, not from the last tick of the previous one.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), Time.SECOND);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline, now);
}

const SECONDS_PER_MINUTE = Time.MINUTE / Time.SECOND;

/** 125 → "2:05". */
export function formatMinutesSeconds(seconds: number): string {
  const m = Math.floor(seconds / SECONDS_PER_MINUTE);
  const s = seconds % SECONDS_PER_MINUTE;
  return `${m}:${String(s).padStart(2, '0')}`;
}
