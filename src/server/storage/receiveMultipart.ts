// Reads a multipart request made of one file part and a few short text fields, in any order.
// The file is streamed and checked as it arrives (saveUpload.ts); the fields are collected, so a
// route can validate them and then save or discard the upload.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { asMultipartError } from './multipartErrors';
import type { ReceivedUpload, UploadInput } from './saveUpload';

export interface ReceivedMultipart {
  upload: ReceivedUpload;
  fields: Record<string, string>;
}

export async function receiveMultipart(
  request: FastifyRequest,
  receive: (input: UploadInput) => Promise<ReceivedUpload>,
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 415);
  let upload: ReceivedUpload | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The files limit refuses a second file part before it gets here; this keeps the rule
        // even if a route registers other limits.
        if (upload) throw new AppError('oneFileOnly', 400);
        upload = await receive(part);
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError('validationFailed', 400, [{ path: part.fieldname, message: 'field.tooLong' }]);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await upload?.discard();
    throw asMultipartError(error);
  }
  if (!upload) throw new AppError('validationFailed', 400, [{ path: 'file', message: 'file.required' }]);
  return { upload, fields };
}
