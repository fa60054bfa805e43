// A header menu (help, user) that does not weigh on the first load. Mantine's Menu brings
// floating-ui, about 11 KB of the 200 KB gzip first-load budget (issue 10 §1) on every page,
// for a menu nobody opens before the page is usable. So the header shows a plain button of the
// same look, and the menu loads when the browser is idle, or at once when the person points at,
// focuses or presses the button: a press before it has loaded opens the menu when it arrives, and
// a focused placeholder hands the focus to the real button (keyboard users lose nothing).
import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Time } from '../../../contract/limits';
import type { HeaderMenuProps } from './headerMenuItems';

const loadMenu = () => import('./HeaderMenuLoaded');
const HeaderMenuLoaded = lazy(loadMenu);

const IDLE_AT_THE_LATEST_MS = 2 * Time.SECOND;

/** Runs once the browser has nothing more urgent to do (at the latest after 2 s). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_AT_THE_LATEST_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

export function HeaderMenu(props: HeaderMenuProps) {
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);

  const placeholder = (
    <Button
      variant="subtle"
      aria-label={props.ariaLabel}
      aria-haspopup="menu"
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenAtOnce(true);
        setWanted(true);
      }}
    >
      {props.label}
    </Button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HeaderMenuLoaded {...props} openAtOnce={openAtOnce} takeFocus={focused} />
    </Suspense>
  );
}
