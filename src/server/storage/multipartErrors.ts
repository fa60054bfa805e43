// @fastify/multipart and busboy report limits and broken bodies with their own errors; an upload
// route answers them with the portal's file codes instead (docs/api-conventions.md: never a 500 for bad input).
import { AppError } from '../errors';
import { isStorageFull } from './storageFull';

const BY_MULTIPART_CODE: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('fileTooLarge', 413),
  FST_FILES_LIMIT: () => new AppError('oneFileOnly', 400),
  FST_PARTS_LIMIT: () => new AppError('tooLarge', 413),
  FST_FIELDS_LIMIT: () => new AppError('tooLarge', 413),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('unsupportedMediaType', 415),
  FST_PROTO_VIOLATION: () => new AppError('validationFailed', 400),
  FST_MP_PREMATURE_CLOSE: () => new AppError('uploadFailed', 400),
};

export function asMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const mapped = BY_MULTIPART_CODE[code];
    if (mapped) return mapped();
  }
  // A fault of the disk is not the client's: it stays an error (500, logged).
  if (isDiskFault(error)) return error;
  // A malformed or cut-off body: busboy's "Unexpected end of form", a premature close, a reset.
  return new AppError('uploadFailed', 400);
}

const DISK_CALLS = new Set(['open', 'write', 'close', 'fsync', 'rename', 'mkdir', 'unlink', 'read']);

/** Errors of the file system calls an upload makes; a network read carries no path. */
export function isDiskFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // A write through a file descriptor reports no path; a full disk is never the network's doing.
  if (isStorageFull(error)) return true;
  const { syscall, path } = error as { syscall?: unknown; path?: unknown };
  return typeof syscall === 'string' && DISK_CALLS.has(syscall) && typeof path === 'string';
}
