// Shared by the storage tests: the sample files, multipart bodies and a count of what is on disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Limits } from '../../../src/contract/limits';
import { cleanImage } from '../../../src/server/storage/contentCheck';
import { png } from '../../fixtures/files/samples';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/files');

export function sample(name: string): Buffer {
  return readFileSync(path.join(fixturesDir, name));
}

/** Exactly `size` bytes that are a PNG by content: a real PNG, then filler after its IEND. */
export function pngOfSize(size: number): Buffer {
  const head = png();
  const out = Buffer.alloc(size, 0x5a);
  head.copy(out, 0);
  return out;
}

export const MAX = Limits.upload.maxBytes;

/** Every regular file under a folder, temp files included: "nothing left behind" counts these. */
export function filesUnder(dir: string): string[] {
  let found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found = found.concat(filesUnder(full));
    else found.push(full);
  }
  return found;
}

export function form(
  file: Buffer | null,
  filename: string,
  fields: Record<string, string> = { kind: 'businessLicense' },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', blobOf(file), filename);
  return body;
}

/** Node's Buffer may sit on a shared ArrayBuffer; a Blob wants its own bytes. */
export function blobOf(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)]);
}

/** What the portal stores for an uploaded image: its clean re-encoding (issue 22 §5); a PDF as is. */
export async function storedBytesOf(bytes: Buffer, contentType: string): Promise<Buffer> {
  if (contentType === 'image/png' || contentType === 'image/jpeg') {
    return cleanImage(bytes, contentType).toBuffer();
  }
  return bytes;
}
