// The mark beside a claim row in the reviewer's case view (issue 30): what the document says about
// the value — it agrees, it reads something else (shown), or it could not be read. A mark informs;
// it decides nothing: the reviewer does. With `onShow`, the mark is a button: clicking or focusing it
// opens the document and outlines where the value was read (keyboard users tab to it).
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { DocumentClaim } from '../../../contract/documents/claims';

// Dark shades, filled or outlined (a light variant of a shade is a color-mix axe cannot judge): the
// words keep WCAG AA contrast (axe, tests/browser/documentHint.test.ts); green.9 is 4.4:1 on white, so a
// darker green (6.1:1, 5.8:1 on a highlighted row).
const LOOK = {
  equal: { color: '#237032', variant: 'outline' },
  unreadable: { color: 'gray.8', variant: 'outline' },
  different: { color: 'red.9', variant: 'filled' },
} as const;

export function ClaimReadMark({
  claim,
  onShow,
  selected = false,
}: {
  claim: DocumentClaim | undefined;
  onShow?: (claim: DocumentClaim) => void;
  selected?: boolean;
}) {
  const { t } = useLingui();
  if (!claim) return null;
  const read = claim.read ?? '';
  const words =
    claim.verdict === 'equal'
      ? t`Document agrees`
      : claim.verdict === 'unreadable'
        ? t`Document unreadable here`
        : t`Document reads ${read}`;
  const look = LOOK[claim.verdict];
  const style = { textTransform: 'none' as const };
  if (!onShow)
    return (
      <Badge {...look} size="sm" data-verdict={claim.verdict} style={style}>
        {words}
      </Badge>
    );
  return (
    <Badge
      {...look}
      component="button"
      type="button"
      size="sm"
      data-verdict={claim.verdict}
      aria-label={t`${words}: show where on the document`}
      aria-pressed={selected}
      onClick={() => onShow(claim)}
      onFocus={() => onShow(claim)}
      style={{
        ...style,
        cursor: 'pointer',
        outline: selected ? '2px solid var(--mantine-color-blue-6)' : undefined,
        outlineOffset: 1,
      }}
    >
      {words}
    </Badge>
  );
}
