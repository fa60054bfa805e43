// Reads a face capture (issue 16): the text fields `key` and `source`, then up to
// FaceCaptureRules.camera.maxFrames frames. Each frame streams through the portal's one upload
// check (saveUpload.ts: counted, hashed, typed by its bytes); a camera frame may be at most
// frameMaxBytes, a file-picker photo 10 MB. The fields must come before the frames, so a frame is
// judged by the limit of its source while it streams. Any refusal discards every frame received.
import type { FastifyRequest } from 'fastify';
import { captureFields, FaceCaptureRules, type CaptureFields } from '../../../contract/api/verification';
import { Limits } from '../../../contract/limits';
import { AppError } from '../../errors';
import { asMultipartError } from '../../storage/multipartErrors';
import type { ObjectStore } from '../../storage/objectStore';
import { receiveUpload, type ReceivedUpload } from '../../storage/saveUpload';

export interface ReceivedCapture extends CaptureFields {
  frames: ReceivedUpload[];
}

const { maxFrames, frameMaxBytes } = FaceCaptureRules.camera;

function fieldsOf(fields: Record<string, string>): CaptureFields {
  const parsed = captureFields.safeParse({ key: fields['key'], source: fields['source'] ?? 'file' });
  if (parsed.success) return parsed.data;
  throw new AppError(
    'validationFailed',
    400,
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

export async function receiveCapture(request: FastifyRequest, store: ObjectStore): Promise<ReceivedCapture> {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 415);
  const fields: Record<string, string> = {};
  const frames: ReceivedUpload[] = [];
  let known: CaptureFields | null = null;
  try {
    // busboy refuses the frame after the last allowed one (FST_FILES_LIMIT) before it is read.
    const parts = request.parts({ limits: { files: maxFrames, parts: maxFrames + 4 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Every file part is a frame (`frame`; older clients send one `file` with no `source`: a
        // file-picker photo).
        known ??= fieldsOf(fields);
        const limit = known.source === 'camera' ? frameMaxBytes : Limits.upload.maxBytes;
        try {
          frames.push(await receiveUpload(store, part, limit));
        } catch (error) {
          const mapped = asMultipartError(error);
          if (known.source === 'camera' && mapped instanceof AppError && mapped.codeName === 'fileTooLarge') {
            throw new AppError('frameTooLarge', 413);
          }
          throw mapped;
        }
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError('validationFailed', 400, [{ path: part.fieldname, message: 'field.tooLong' }]);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await Promise.all(frames.map((frame) => frame.discard()));
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('frameCountInvalid', 400, { maxFrames });
    throw asMultipartError(error);
  }
  const parsed = known ?? fieldsOf(fields);
  if (frames.length === 0) {
    throw new AppError('validationFailed', 400, [{ path: 'frame', message: 'file.required' }]);
  }
  return { ...parsed, frames };
}
