// How large a saved draft is, measured the one way the server bounds it (Limits.draft, issue 29 §4):
// its values as UTF-8 JSON. The documents it names are counted by the server's own walk
// (services/certification/fileReferences.ts), which knows which fields hold file ids.
import { Limits } from '../limits';

const encoder = new TextEncoder();

/** Bytes of `value` as the JSON the database stores (UTF-8; a Chinese character is three). */
export function draftBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value) ?? '').length;
}

/** Which bound a draft passes, if any: the refusal's data (DraftTooLargeData) names it. */
export function draftOverBound(bytes: number, files: number): DraftTooLargeData | null {
  if (bytes > Limits.draft.maxBytes) return { bound: 'bytes', max: Limits.draft.maxBytes };
  if (files > Limits.draft.maxFiles) return { bound: 'files', max: Limits.draft.maxFiles };
  return null;
}

/** The `data` of a draftTooLarge answer (HTTP 413): the bound the save would have passed. */
export interface DraftTooLargeData {
  bound: 'bytes' | 'files';
  max: number;
}
