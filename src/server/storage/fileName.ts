// The uploaded name is shown to people and offered as the download name, nothing else: it is never
// part of a path on disk. Still, it comes from the client, so it is reduced to a harmless label and
// written into Content-Disposition in a form no browser can misread.
import { EXTENSION_OF, type AllowedContentType } from './detectType';

const MAX_NAME_LENGTH = 120;
const FALLBACK_NAME = 'file';

/** The last path segment, without control, bidi-override or other invisible format characters. */
export function displayName(raw: string | undefined, contentType: AllowedContentType): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
  if (name === '') name = FALLBACK_NAME;

  // The extension follows the content, so "report.exe" holding a PDF downloads as "report.exe.pdf".
  const extension = EXTENSION_OF[contentType];
  const current = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const fits = current === extension || (extension === 'jpg' && current === 'jpeg');
  const suffix = fits ? '' : `.${extension}`;

  const chars = [...name]; // by code point, so a cut never splits a surrogate pair
  const room = MAX_NAME_LENGTH - suffix.length;
  if (chars.length > room) {
    const kept = fits ? `.${current}` : '';
    name = chars.slice(0, room - kept.length).join('') + kept;
  }
  return name + suffix;
}

/** RFC 5987 ext-value: percent-encode everything outside attr-char. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment` always (never `inline`): the browser saves the file instead of rendering it. */
export function attachmentDisposition(name: string): string {
  // An ASCII fallback for old clients, without the characters that could end the quoted string.
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
