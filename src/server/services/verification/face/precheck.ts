// Consent, type and size of a frame: what every provider checks before any engine runs. Reads only
// the image header, never the pixels.
import { open } from 'node:fs/promises';
import { FaceCaptureRules } from '../../../../contract/api/verification';
import {
  jpegDimensions,
  pngDimensions,
  type Dimensions,
  type ReadAt,
} from '../../../storage/imageDimensions';
import type { FaceFailReason, FaceImageRef } from './types';

async function readDimensions(bytesPath: string, contentType: string): Promise<Dimensions | null> {
  const handle = await open(bytesPath, 'r');
  try {
    const readAt: ReadAt = async (offset, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    // `return await`: the reads must finish before `finally` closes the handle (a bare return let the
    // handle close first, and the rejection with no handler stopped Node: issue 16 §1).
    if (contentType === 'image/png') return pngDimensions(await readAt(0, 24));
    if (contentType === 'image/jpeg') return await jpegDimensions(readAt, (await handle.stat()).size);
    return null;
  } finally {
    await handle.close();
  }
}

/** The first problem with this frame, or null when the engine may look at it. */
export async function precheckFrame(
  frame: FaceImageRef | undefined,
  consentAt: Date | null,
): Promise<FaceFailReason | null> {
  if (!consentAt) return 'consentMissing';
  if (!frame) return 'notAnImage';
  if (!(FaceCaptureRules.contentTypes as readonly string[]).includes(frame.contentType)) return 'notAnImage';
  const size = await readDimensions(frame.path, frame.contentType);
  if (!size) return 'notAnImage';
  if (size.width < FaceCaptureRules.minSidePx || size.height < FaceCaptureRules.minSidePx) {
    return 'imageTooSmall';
  }
  return null;
}
