// The handle's movement while the user drags it (pointer: mouse, pen, touch) or moves it with the
// keys (WCAG 2.5.7). Only the position on screen and the trajectory live here; judging is the
// server's, and what happens after a release is the captcha chart's.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SliderAnswer, TrailPoint } from '../../../../machines/captcha.machine';
import { sliderAnswer, trailPoint } from './sliderTrail';

/** Pixels per arrow key; Page keys move ten steps. Small enough to land within the ±5 px tolerance. */
export const KEY_STEP_PX = 2;

export function useSliderHandle({
  max,
  disabled,
  onRelease,
}: {
  max: number;
  disabled: boolean;
  onRelease: (answer: SliderAnswer) => void;
}) {
  const [x, setX] = useState(0);
  const trail = useRef<TrailPoint[]>([]);
  const drag = useRef<{ startX: number; startY: number; startT: number } | null>(null);
  const keyStart = useRef<number | null>(null);
  const clamp = (value: number) => Math.min(max, Math.max(0, value));

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX - x, startY: event.clientY, startT: performance.now() };
    trail.current = [trailPoint(x, 0, 0)];
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start) return;
    const next = clamp(event.clientX - start.startX);
    setX(next);
    trail.current.push(trailPoint(next, event.clientY - start.startY, performance.now() - start.startT));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start) return;
    drag.current = null;
    const final = clamp(event.clientX - start.startX);
    trail.current.push(trailPoint(final, event.clientY - start.startY, performance.now() - start.startT));
    onRelease(sliderAnswer(final, trail.current, false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    const moves: Record<string, (current: number) => number> = {
      ArrowRight: (c) => c + KEY_STEP_PX,
      ArrowUp: (c) => c + KEY_STEP_PX,
      ArrowLeft: (c) => c - KEY_STEP_PX,
      ArrowDown: (c) => c - KEY_STEP_PX,
      PageUp: (c) => c + 10 * KEY_STEP_PX,
      PageDown: (c) => c - 10 * KEY_STEP_PX,
      Home: () => 0,
      End: () => max,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      if (keyStart.current === null) {
        keyStart.current = performance.now();
        trail.current = [trailPoint(x, 0, 0)];
      }
      const next = clamp(move(x));
      setX(next);
      trail.current.push(trailPoint(next, 0, performance.now() - keyStart.current));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      keyStart.current = null;
      onRelease(sliderAnswer(x, trail.current, true));
    }
  };

  return { x, handlers: { onPointerDown, onPointerMove, onPointerUp, onKeyDown } };
}
