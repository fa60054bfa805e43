// The object store cannot be reached or answers with a fault (issue 18 §2): down, too slow (the
// request timeout), refusing our credentials, or the bucket gone. Not the person's doing and not a
// bug in the request: answered 503 `storageUnavailable` (nothing saved, try again later), logged at
// error level and reported, because until it is back every upload and download fails.

export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`object storage unavailable (${operation})`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(error: unknown): boolean {
  return error instanceof StorageUnavailableError;
}
