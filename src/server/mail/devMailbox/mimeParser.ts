// Just enough MIME to read what the dev mailbox receives: headers (folded, RFC 2047 encoded
// words), multipart bodies, base64 and quoted-printable, any charset TextDecoder knows. Enough for
// nodemailer's output and ordinary mail clients; attachments are skipped, not decoded.

export interface ParsedMail {
  subject: string;
  from: string;
  to: string;
  messageId: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

function splitHeaderAndBody(raw: Buffer): Part {
  const asLatin1 = raw.toString('latin1');
  const match = /\r?\n\r?\n/.exec(asLatin1);
  const headerEnd = match ? match.index : asLatin1.length;
  const bodyStart = match ? match.index + match[0].length : asLatin1.length;
  const headers = new Map<string, string>();
  // Folded lines continue with whitespace (RFC 5322 §2.2.3).
  const unfolded = asLatin1.slice(0, headerEnd).replace(/\r?\n[ \t]/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence wins (a relay may add later Received-like duplicates).
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body: raw.subarray(bodyStart) };
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function quotedPrintableBytes(input: string): Buffer {
  const withoutSoftBreaks = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const ch = withoutSoftBreaks[i] ?? '';
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(withoutSoftBreaks.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?charset?B|Q?text?=, with whitespace between adjacent encoded words dropped. */
export function decodeHeaderValue(value: string): string {
  const bytesAsLatin1 = value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1');
  const decoded = bytesAsLatin1.replace(
    /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g,
    (_all, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replace(/_/g, ' '));
      return decodeText(bytes, charset);
    },
  );
  // Raw 8-bit headers (SMTPUTF8) arrive as UTF-8 bytes read as latin1 above.
  return /[\u0080-\u00ff]/.test(decoded) && !/=\?/.test(value)
    ? Buffer.from(decoded, 'latin1').toString('utf8')
    : decoded;
}

function headerParams(value: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    params.set(
      key,
      piece
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(part.body.toString('latin1'));
  return part.body;
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const pieces = text.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // pieces[0] is the preamble; a piece starting with "--" is the end marker and what follows it.
  return pieces
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => Buffer.from(p.replace(/^[ \t]*\r?\n/, ''), 'latin1'));
}

function collectBodies(part: Part, found: { text?: string; html?: string }, depth: number): void {
  const { type, params } = headerParams(part.headers.get('content-type') ?? 'text/plain; charset=us-ascii');
  const disposition = (part.headers.get('content-disposition') ?? '').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = params.get('boundary');
    if (!boundary || depth > 10) return;
    for (const child of splitMultipart(part.body, boundary))
      collectBodies(splitHeaderAndBody(child), found, depth + 1);
    return;
  }
  if (disposition.startsWith('attachment')) return;
  const charset = params.get('charset') ?? 'utf-8';
  if (type === 'text/plain' && found.text === undefined) found.text = decodeText(decodeBody(part), charset);
  if (type === 'text/html' && found.html === undefined) found.html = decodeText(decodeBody(part), charset);
}

function trailingBreakLength(body: Buffer): number {
  if (body.length >= 2 && body[body.length - 2] === 0x0d && body[body.length - 1] === 0x0a) return 2;
  return body.length >= 1 && body[body.length - 1] === 0x0a ? 1 : 0;
}

export function parseMail(raw: Buffer): ParsedMail {
  const parsed = splitHeaderAndBody(raw);
  // The line break that ends the DATA of a message belongs to the transport, not to the body (in
  // a multipart body, the one before each boundary is dropped the same way).
  const root = {
    ...parsed,
    body: parsed.body.subarray(0, parsed.body.length - trailingBreakLength(parsed.body)),
  };
  const found: { text?: string; html?: string } = {};
  collectBodies(root, found, 0);
  const header = (name: string) => decodeHeaderValue(root.headers.get(name) ?? '');
  return {
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    messageId: (root.headers.get('message-id') ?? '').trim(),
    text: (found.text ?? '').replace(/\r\n/g, '\n'),
    html: (found.html ?? '').replace(/\r\n/g, '\n'),
  };
}
