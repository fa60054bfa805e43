// What the documents of a certification say about its claim rows (issue 30, the reviewer's side):
// every file-id field of the values whose file was read is compared with the values typed beside it,
// and each comparison is named by the claim row's path ("<step>.<field path>", the same paths
// reviewers flag), mismatches first, with the page and box the value was read from. Pure: the
// server and the back office compute the same marks.
import { FILE_KIND_BY_FIELD } from '../api/certification';
import { compareWithTyped, selfCheckField, type FieldComparison, type SelfCheck } from './checks';
import { isReadKind, type Box, type MrzReading, type ReadFieldName, type ReadFields } from './reading';

export interface StoredReading {
  kind: string;
  fields: ReadFields;
  mrz: MrzReading | null;
}

export interface DocumentClaim extends FieldComparison {
  /** "<step>.<path to the typed field>", e.g. "uploadLegalPersonInfo.document.number". */
  claimPath: string;
  fileId: string;
  /** Where on the document the value was read (the viewer outlines it). */
  page: number | null;
  box: [number, number, number, number] | null;
}

interface FileField {
  /** Path of the values the file belongs to (a person, or the step's root). */
  owner: string[];
  fileId: string;
}

/** Every string under a file-id field name (FILE_KIND_BY_FIELD), with the path of its owner. */
function fileFieldsOf(values: unknown, at: string[] = []): FileField[] {
  if (values === null || typeof values !== 'object') return [];
  return Object.entries(values as Record<string, unknown>).flatMap(([key, value]) => {
    if (key in FILE_KIND_BY_FIELD && typeof value === 'string' && value !== '') {
      // A person's document files sit under 'document'; the person is the owner.
      const owner = at.at(-1) === 'document' ? at.slice(0, -1) : at;
      return [{ owner, fileId: value }];
    }
    return fileFieldsOf(value, [...at, key]);
  });
}

function valueAt(values: unknown, keys: readonly string[]): unknown {
  return keys.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
    values,
  );
}

/** The comparisons of a certification's values (by step) with the readings of their files. */
export function documentClaims(
  stepValues: Record<string, unknown>,
  readings: ReadonlyMap<string, StoredReading>,
): DocumentClaim[] {
  const order = { different: 0, unreadable: 1, equal: 2 } as const;
  return Object.entries(stepValues)
    .flatMap(([step, values]) =>
      fileFieldsOf(values).flatMap(({ owner, fileId }) => {
        const reading = readings.get(fileId);
        if (!reading || !isReadKind(reading.kind)) return [];
        const ownerValues = valueAt(values, owner);
        return compareWithTyped(reading.kind, reading.fields, ownerValues, reading.mrz).map((c) => ({
          ...c,
          claimPath: [step, ...owner, c.typedPath].join('.'),
          fileId,
          page: reading.fields[c.field]?.page ?? null,
          box: reading.fields[c.field]?.box ?? null,
        }));
      }),
    )
    .sort((a, b) => order[a.verdict] - order[b.verdict]);
}

/** A file's reading with the server's self-checks (GET /plat/files/:id/reading). */
export interface CheckedReading extends StoredReading {
  selfChecks: readonly SelfCheck[];
}

/** What a reviewer should look at first: a value the document reads otherwise, a failed self-check,
 *  a value the document could not be read for. Each with where on the document it was read. */
export type DocumentFinding =
  | { type: 'claim'; key: string; fileId: string; field: ReadFieldName; claim: DocumentClaim }
  | {
      type: 'selfCheck';
      key: string;
      fileId: string;
      field: ReadFieldName;
      kind: string;
      check: SelfCheck;
      page: number | null;
      box: Box | null;
    };

/** How bad a finding is: a value read otherwise, a failed self-check, or a value not read. */
export type FindingTone = 'different' | 'fail' | 'unreadable';

export function findingTone(finding: DocumentFinding): FindingTone {
  return finding.type === 'selfCheck'
    ? 'fail'
    : finding.claim.verdict === 'different'
      ? 'different'
      : 'unreadable';
}

/** The key of a value on a document: a claim row and the viewer's outline of it share it. */
export const readKey = (fileId: string, field: ReadFieldName) => `${fileId}:${field}`;

/**
 * The findings of a case, worst first: values that read differently, then the documents' failed
 * self-checks (a forged or damaged page, an expired card), then values that could not be read.
 * Agreements and passed checks are not findings. Pure: a summary, never a decision.
 */
export function documentFindings(
  claims: readonly DocumentClaim[],
  readings: ReadonlyMap<string, CheckedReading>,
): DocumentFinding[] {
  const ofClaims = (verdict: DocumentClaim['verdict']): DocumentFinding[] =>
    claims
      .filter((c) => c.verdict === verdict)
      .map((claim) => ({
        type: 'claim',
        key: readKey(claim.fileId, claim.field),
        fileId: claim.fileId,
        field: claim.field,
        claim,
      }));
  const failedChecks = [...readings].flatMap(([fileId, reading]): DocumentFinding[] => {
    const kind = reading.kind;
    if (!isReadKind(kind)) return [];
    return reading.selfChecks
      .filter((check) => check.outcome === 'fail')
      .map((check) => {
        const field = selfCheckField(kind, check.name);
        const read = reading.fields[field];
        return {
          type: 'selfCheck',
          key: readKey(fileId, field),
          fileId,
          field,
          kind,
          check,
          page: read?.page ?? null,
          box: read?.box ?? null,
        };
      });
  });
  return [...ofClaims('different'), ...failedChecks, ...ofClaims('unreadable')];
}
