// The type of an upload is decided by its first bytes, never by its name or the client's
// Content-Type (docs/product-rules.md "Uploads"): an executable renamed .pdf, HTML renamed .png or an SVG
// (text that browsers run as a document) is refused. Only jpg, png and pdf pass.
import type { Limits } from '../../contract/limits';

export type AllowedContentType = (typeof Limits.upload.mimeTypes)[number];

const SIGNATURES: readonly { type: AllowedContentType; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** Enough leading bytes to decide the type and, for a PNG, read the IHDR dimensions. */
export const SNIFF_BYTES = 24;

/** The extension a download of this type is given, whatever the uploaded name said. */
export const EXTENSION_OF: Record<AllowedContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The allowed type the leading bytes announce, or null when they announce none of them. */
export function detectType(head: Uint8Array): AllowedContentType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  return null;
}
