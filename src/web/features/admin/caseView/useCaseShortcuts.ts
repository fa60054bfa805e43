// The case view's keyboard shortcuts (issue 21 §5): single keys, as review consoles use them, taken
// only when no text field, select or dialog has the keyboard (typing a reason never pages documents)
// and no modifier is held (the browser's own shortcuts stay the browser's).
import { useEffect, useRef } from 'react';

export const CASE_SHORTCUTS = {
  nextDocument: 'j',
  previousDocument: 'k',
  flag: 'f',
  approve: 'a',
  help: '?',
} as const;

export type CaseShortcut = keyof typeof CASE_SHORTCUTS;

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useCaseShortcuts(handlers: Partial<Record<CaseShortcut, () => void>>): void {
  // The latest handlers, read when a key comes (the listener is added once).
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInto(event.target)) return;
      const entry = (Object.entries(CASE_SHORTCUTS) as Array<[CaseShortcut, string]>).find(
        ([, key]) => key === event.key,
      );
      const handler = entry ? latest.current[entry[0]] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
