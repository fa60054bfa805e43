// What an upload holds, beyond its first bytes (issue 22 §5). Images are decoded and encoded anew
// with sharp: turned upright by their EXIF orientation first, then written without any metadata
// (phone photos of identity documents carry GPS positions), so whatever rode along after or inside
// the picture (HTML after a PNG's end, a comment, a profile) is gone. A PDF is parsed with pdf-lib:
// it must have a document catalog, at least one page and end with %%EOF; text that merely starts
// with "%PDF-" is refused. What does not decode or parse is refused with fileUnreadable.
//
// sharp works on libuv's thread pool, reading from and writing to files: the image is decoded in
// native memory (bounded by the pixel limits checked before, imageDimensions.ts), never as a
// whole-file Buffer in the JS heap. pdf-lib needs the bytes (≤ Limits.upload.maxBytes) in memory.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError } from '../errors';
import type { AllowedContentType } from './detectType';
import { MAX_IMAGE_PIXELS } from './imageDimensions';

// No libvips operation cache: every upload is a different image, and the cache would only hold memory.
sharp.cache(false);

/** The file's facts after the check: re-encoded images have new bytes, a PDF keeps its own. */
export interface CheckedContent {
  size: number;
  sha256: string;
}

const unreadable = () => new AppError('fileUnreadable', 400);

/** Where a PDF's last %%EOF may sit: within this many bytes of the end, followed only by blanks. */
const EOF_WINDOW = 1024;

function endsWithEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW))).toString('latin1');
  const at = tail.lastIndexOf('%%EOF');
  return at >= 0 && /^[\s\0]*$/.test(tail.slice(at + 5));
}

async function checkPdf(filePath: string): Promise<void> {
  const bytes = await readFile(filePath);
  if (!endsWithEofMarker(bytes)) throw unreadable();
  let pages: number;
  try {
    // Encrypted PDFs are documents too; they are stored as they are, not opened.
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = document.getPageCount();
  } catch {
    throw unreadable();
  }
  if (pages < 1) throw unreadable();
}

async function hashOf(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return hash.digest('hex');
}

/** A failure of the disk, not of the picture: it stays an error of the server (500, logged). */
function isDiskProblem(error: unknown): boolean {
  return error instanceof Error && /ENOSPC|No space left|EDQUOT|EIO|EROFS/i.test(error.message);
}

/** The re-encoding of an image (a file path or its bytes) that is stored instead of it. */
export function cleanImage(
  input: string | Buffer,
  contentType: 'image/jpeg' | 'image/png',
): ReturnType<typeof sharp> {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    // Upright by the EXIF orientation, before the metadata that says so is dropped.
    .rotate();
  // sharp writes no metadata unless asked to (withMetadata / keepExif): EXIF, GPS, XMP, comments go.
  return contentType === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.png();
}

async function reencodeImage(filePath: string, contentType: 'image/jpeg' | 'image/png'): Promise<void> {
  const cleanPath = `${filePath}.clean`;
  try {
    await cleanImage(filePath, contentType).toFile(cleanPath);
  } catch (error) {
    await rm(cleanPath, { force: true });
    if (isDiskProblem(error)) throw error;
    throw unreadable();
  }
  // On disk before the name moves over the upload, as the checked upload itself was.
  const handle = await open(cleanPath, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(cleanPath, filePath);
}

/**
 * Checks the complete upload at `filePath` (already typed and size-checked; `received` are the
 * facts of its bytes) and, for an image, replaces it with its clean re-encoding. Throws fileUnreadable (or fileTooLarge, when a
 * re-encoding outgrows the limit) and leaves the caller to remove the file.
 */
export async function checkContent(
  filePath: string,
  contentType: AllowedContentType,
  received: CheckedContent,
  maxBytes: number,
): Promise<CheckedContent> {
  if (contentType === 'application/pdf') {
    await checkPdf(filePath);
    return received;
  }
  await reencodeImage(filePath, contentType);
  const { size } = await stat(filePath);
  if (size > maxBytes) throw new AppError('fileTooLarge', 413);
  return { size, sha256: await hashOf(filePath) };
}
