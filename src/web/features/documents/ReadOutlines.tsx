// The viewer's outlines of where a document's values were read (issue 30): each a box over the page,
// placed by fractions of the page image the engine read (src/contract/documents/pageImage.ts), so it
// sits on the value at any zoom. The selected one is drawn heavier and scrolled into view. Each has
// an accessible name ("ID number: read here, differs from what was typed"); the keyboard reaches
// them through the claim marks and findings that select them.
import { useEffect, useRef } from 'react';
import type { Box } from '../../../contract/documents/reading';
import { boxFraction, turnFraction } from '../../../contract/documents/pageImage';

export type OutlineTone = 'different' | 'fail' | 'unreadable' | 'equal';

export interface ReadOutline {
  key: string;
  /** Page index (0 is the first) and box in pixels of the page image read. */
  page: number;
  box: Box;
  tone: OutlineTone;
  /** The outline's accessible name. */
  label: string;
  selected: boolean;
}

const COLOR: Record<OutlineTone, string> = {
  different: 'var(--mantine-color-red-7)',
  fail: 'var(--mantine-color-red-7)',
  unreadable: 'var(--mantine-color-gray-7)',
  equal: 'var(--mantine-color-green-8)',
};

function Outline({
  outline,
  page,
  rotation,
}: {
  outline: ReadOutline;
  page: { width: number; height: number };
  rotation: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outline.selected) ref.current?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [outline.selected]);
  const fraction = boxFraction(outline.box, page);
  if (!fraction) return null;
  const [l, t, r, b] = turnFraction(fraction, rotation);
  const color = COLOR[outline.tone];
  const percent = (n: number) => `${+(n * 100).toFixed(3)}%`;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={outline.label}
      data-outline={outline.key}
      data-tone={outline.tone}
      data-selected={outline.selected || undefined}
      style={{
        position: 'absolute',
        left: percent(l),
        top: percent(t),
        width: percent(r - l),
        height: percent(b - t),
        border: `${outline.selected ? 3 : 1.5}px ${outline.tone === 'unreadable' ? 'dashed' : 'solid'} ${color}`,
        borderRadius: 3,
        boxShadow: outline.selected
          ? `0 0 0 3px rgb(255 255 255 / 0.8), 0 0 0 9999px rgb(0 0 0 / 0.12)`
          : undefined,
        pointerEvents: 'none',
        zIndex: outline.selected ? 2 : 1,
      }}
    />
  );
}

/**
 * The outlines of one page, over an element the page fills exactly (place this inside a positioned
 * box the page's own size). `page` is the size of the page image read; `rotation` turns the boxes as
 * the viewer turned a page it drew itself (a PDF canvas); an image turned by CSS turns them with it.
 */
export function ReadOutlines({
  outlines,
  page,
  rotation = 0,
}: {
  outlines: readonly ReadOutline[];
  page: { width: number; height: number };
  rotation?: number;
}) {
  if (outlines.length === 0) return null;
  return (
    <div style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} data-testid="read-outlines">
      {outlines.map((o) => (
        <Outline key={o.key} outline={o} page={page} rotation={rotation} />
      ))}
    </div>
  );
}
