// A display-only countdown: seconds until `deadline`, re-rendered each second. The chart decides
// when a resend is allowed (its named delay); this only draws the number beside the button.
import { useEffect, useState } from 'react';

export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}
