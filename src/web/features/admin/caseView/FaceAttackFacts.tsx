// What the presentation-attack checks measured on the capture (issue 28 §6), beside the frames and
// the ID photo: the movement asked and the one seen, the plane-fit residual (a flat picture is
// explained by one plane), how close the capture is to the ID photo itself, and the engine's
// anti-spoofing and liveness models. Every figure stands beside the threshold it was held against
// and what that meant; a part the engine did not measure says so instead of showing nothing.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Table, Text } from '@mantine/core';
import { faceChallengeMoves, type FaceAttackEvidence } from '../../../../contract/api/verification';
import type { Locale } from '../../../../contract/envelope';
import { useLocale } from '../../auth/shared/messages';

/** The directions asked (the challenge's moves) and those the engine reports in `seen` (the
 *  person's own left and right), both shown as "left → up → right". */
const MOVE_TEXT: Record<string, MessageDescriptor> = {
  left: msg`left`,
  right: msg`right`,
  up: msg`up`,
  down: msg`down`,
};

/** Numbers in the reviewer's language, with the digits the figure needs. */
function formatNumber(value: number, locale: Locale, digits: number): string {
  return new Intl.NumberFormat(locale === 'zh-cn' ? 'zh-CN' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

type Verdict = { text: string; good: boolean } | null;

interface Row {
  check: string;
  measured: string;
  /** A second figure under the measured one (the plane fit's whole RMS). */
  measuredNote?: string;
  threshold: string;
  verdict: Verdict;
  /** Whether the figure may fail a capture on its own, or is evidence only. */
  role: string | null;
}

function useRows(attack: FaceAttackEvidence): Row[] {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const n = (value: number, digits: number) => formatNumber(value, locale, digits);
  const notMeasured = t`Not measured`;
  const blank = (check: string): Row => ({
    check,
    measured: notMeasured,
    threshold: '—',
    verdict: null,
    role: null,
  });
  const decidesText = (decides: boolean) => (decides ? t`Decides` : t`Evidence only`);

  const { challenge, planeResidual, idReuse, antispoof, livenessModel } = attack;
  const rows: Row[] = [];
  const moves = (list: readonly string[]) =>
    list.map((m) => (MOVE_TEXT[m] ? i18n._(MOVE_TEXT[m]) : m)).join(' → ');
  rows.push(
    challenge
      ? {
          check: t`Head movement`,
          measured: t`Seen: ${challenge.seen.length > 0 ? moves(challenge.seen) : t`no movement`}`,
          threshold: t`Asked: ${moves(faceChallengeMoves(challenge.asked))}`,
          verdict: challenge.passed ? { text: t`Passed`, good: true } : { text: t`Not seen`, good: false },
          role: t`Decides`,
        }
      : blank(t`Head movement`),
  );
  // With `points` the figure is the image's own texture tracked between frames (session 12); the
  // mesh landmarks' figure stands beside it as evidence. Without, an older capture's mesh figure.
  const planeNotes = (p: NonNullable<FaceAttackEvidence['planeResidual']>): string[] => [
    ...(p.rms === undefined ? [] : [t`RMS ${n(p.rms, 4)}`]),
    ...(p.points === undefined ? [] : [t`${n(p.points, 0)} texture points tracked`]),
    ...(p.meshValue === undefined ? [] : [t`mesh landmarks ${n(p.meshValue, 4)}`]),
  ];
  rows.push(
    planeResidual
      ? {
          check:
            planeResidual.points === undefined
              ? t`Plane-fit residual (face widths)`
              : t`Plane fit of the image's texture (face widths)`,
          measured: n(planeResidual.value, 4),
          ...(planeNotes(planeResidual).length
            ? { measuredNote: planeNotes(planeResidual).join(' · ') }
            : {}),
          threshold: t`≥ ${n(planeResidual.threshold, 4)} (a flat picture stays below)`,
          verdict: planeResidual.passed
            ? { text: t`Passed: depth seen`, good: true }
            : planeResidual.points === 0
              ? { text: t`Failed: no texture could be tracked`, good: false }
              : { text: t`Failed: explained by one plane`, good: false },
          role: t`Decides`,
        }
      : blank(t`Plane-fit residual (face widths)`),
  );
  if (idReuse) {
    const reuse = idReuse.reused
      ? { text: t`The ID photo itself`, good: false }
      : { text: t`Not the ID photo`, good: true };
    rows.push(
      {
        check: t`ID-photo reuse: similarity`,
        measured: n(idReuse.similarity, 3),
        threshold: t`Reuse at ≥ ${n(idReuse.similarityThreshold, 3)}`,
        verdict: reuse,
        role: t`Decides with the hash distance`,
      },
      {
        check: t`ID-photo reuse: hash distance`,
        measured: n(idReuse.hashDistance, 0),
        threshold: t`Reuse at ≤ ${n(idReuse.hashThreshold, 0)}`,
        verdict: reuse,
        role: t`Decides with the similarity`,
      },
    );
  } else {
    rows.push(blank(t`ID-photo reuse`));
  }
  const model = (check: string, part: FaceAttackEvidence['antispoof']): Row => {
    if (!part) return blank(check);
    // A threshold of 0 is none: the model's score is kept as evidence until the sets show it separates.
    if (part.threshold <= 0 && !part.decides)
      return {
        check,
        measured: n(part.score, 3),
        threshold: t`None set`,
        verdict: null,
        role: t`Evidence only`,
      };
    return {
      check,
      measured: n(part.score, 3),
      threshold: t`≥ ${n(part.threshold, 3)} (higher is more real)`,
      verdict:
        part.score >= part.threshold
          ? { text: t`Above the threshold`, good: true }
          : { text: t`Below the threshold`, good: false },
      role: decidesText(part.decides),
    };
  };
  rows.push(model(t`Anti-spoofing model`, antispoof), model(t`Liveness model`, livenessModel));
  // A screen's lattice of emitters (session 12): absent on captures made before it existed.
  const lattice = attack.screenLattice;
  rows.push(
    lattice
      ? {
          check: t`Screen lattice (spectral peak)`,
          measured: n(lattice.value, 1),
          measuredNote:
            lattice.channel === 'luma'
              ? t`in brightness, at ${n(lattice.cyclesPerPixel[0], 3)}, ${n(lattice.cyclesPerPixel[1], 3)} cycles/pixel`
              : t`in colour, at ${n(lattice.cyclesPerPixel[0], 3)}, ${n(lattice.cyclesPerPixel[1], 3)} cycles/pixel`,
          threshold: t`< ${n(lattice.threshold, 1)} (a screen's pixel grid reaches it)`,
          verdict: lattice.passed
            ? { text: t`Passed: no screen grid`, good: true }
            : { text: t`Failed: a screen's pixel grid`, good: false },
          role: t`Decides`,
        }
      : blank(t`Screen lattice (spectral peak)`),
  );
  // A display's flicker through the rolling shutter (session 13): absent on older captures.
  const bands = attack.screenBands;
  rows.push(
    bands
      ? {
          check: t`Screen flicker (moving bands)`,
          measured: `±${n(bands.value * 100, 2)} %`,
          measuredNote: t`${n(bands.cyclesPerFrame, 1)} bands a frame, median of ${bands.pairs} frame pairs`,
          threshold: t`< ±${n(bands.threshold * 100, 1)} % (a pulsing display's bands reach it)`,
          verdict: bands.passed
            ? { text: t`Passed: no display flicker`, good: true }
            : { text: t`Failed: a display's flicker bands`, good: false },
          role: t`Decides`,
        }
      : blank(t`Screen flicker (moving bands)`),
  );
  return rows;
}

function AttackTable({ attack }: { attack: FaceAttackEvidence }) {
  const { t } = useLingui();
  const rows = useRows(attack);
  return (
    <Table aria-label={t`Presentation-attack checks`} data-testid="face-attack" withTableBorder fz="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Check`}</Table.Th>
          <Table.Th>{t`Measured`}</Table.Th>
          <Table.Th>{t`Threshold`}</Table.Th>
          <Table.Th>{t`Result`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.check}>
            <Table.Th scope="row">{row.check}</Table.Th>
            {/* A figure never breaks inside (the column beside the photo is narrow). */}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {row.measured}
              {row.measuredNote ? (
                <Text size="xs" c="dimmed">
                  {row.measuredNote}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{row.threshold}</Table.Td>
            <Table.Td>
              {row.verdict ? (
                // Outlined dark shades: a light badge's teal on its tint is 4.3:1, under WCAG AA
                // (axe, tests/browser/faceReviewBlock.test.ts), now that Badge's styles load.
                <Badge variant="outline" color={row.verdict.good ? '#237032' : 'red.9'}>
                  {row.verdict.text}
                </Badge>
              ) : (
                '—'
              )}
              {row.role ? (
                <Text size="xs" c="dimmed">
                  {row.role}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function FaceAttackFacts({ attack }: { attack: FaceAttackEvidence | null }) {
  if (attack === null) {
    return (
      <Alert variant="light" data-testid="face-attack">
        <Trans>The presentation-attack checks were not measured on this capture.</Trans>
      </Alert>
    );
  }
  return <AttackTable attack={attack} />;
}
