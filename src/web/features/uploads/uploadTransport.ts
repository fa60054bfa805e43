// Sends one document to POST /plat/files (multipart: file, kind) with upload progress. The API
// client (redaxios on fetch) cannot report upload progress, so this uses XMLHttpRequest with the
// same headers the client sends (language, Authorization) and reads the same envelope.
import { LANGUAGE_HEADER, languageHeaderFor, type Envelope, type Locale } from '../../../contract/envelope';
import { normaliseErrorCode } from '../../../contract/errorCode';
import { SUCCESS_CODE } from '../../../contract/codes';
import { DEFAULT_PREFIX } from '../../api/client';

/** The files API's answer (src/server/routes/files/fileView.ts). */
export interface StoredFileInfo {
  id: string;
  kind: string;
  contentType: string;
  size: number;
  originalName: string;
}

export type UploadOutcome =
  | { kind: 'uploaded'; file: StoredFileInfo }
  /** The server refused the file (wrong content, too large…): its localised message and code. */
  | { kind: 'refused'; message: string; code: number | string }
  /** No answer (network down, connection reset): the user may retry. */
  | { kind: 'transportFailed' };

export interface UploadTransportDeps {
  /** Origin the paths are resolved against; '' in the browser (same origin). */
  baseURL: string;
  getToken(): string | null;
  getLocale(): Locale;
}

export const FILES_PATH = `${DEFAULT_PREFIX}/files`;

function headersFor(deps: UploadTransportDeps): Record<string, string> {
  const token = deps.getToken();
  return {
    [LANGUAGE_HEADER]: languageHeaderFor(deps.getLocale()),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

export function createUploadTransport(deps: UploadTransportDeps) {
  return {
    upload(
      file: File,
      kind: string,
      onProgress: (fraction: number) => void,
      signal?: AbortSignal,
    ): Promise<UploadOutcome> {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${deps.baseURL}${FILES_PATH}`);
        for (const [name, value] of Object.entries(headersFor(deps))) xhr.setRequestHeader(name, value);
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        });
        xhr.addEventListener('load', () => {
          let body: Envelope<StoredFileInfo> | null;
          try {
            body = JSON.parse(xhr.responseText) as Envelope<StoredFileInfo>;
          } catch {
            body = null;
          }
          if (!body || typeof body !== 'object' || !('code' in body))
            return resolve({ kind: 'transportFailed' });
          if (normaliseErrorCode(body.code) === SUCCESS_CODE) {
            onProgress(1);
            return resolve({ kind: 'uploaded', file: body.data });
          }
          resolve({ kind: 'refused', message: body.msg, code: normaliseErrorCode(body.code) });
        });
        xhr.addEventListener('error', () => resolve({ kind: 'transportFailed' }));
        xhr.addEventListener('timeout', () => resolve({ kind: 'transportFailed' }));
        xhr.addEventListener('abort', () => reject(new DOMException('upload cancelled', 'AbortError')));
        signal?.addEventListener('abort', () => xhr.abort());
        const form = new FormData();
        // The kind first: the server reads the fields before it streams the file.
        form.append('kind', kind);
        form.append('file', file, file.name);
        xhr.send(form);
      });
    },

    /** The stored bytes (for the preview), with the same headers; null when not readable. */
    async download(id: string): Promise<Blob | null> {
      const response = await fetch(`${deps.baseURL}${FILES_PATH}/${encodeURIComponent(id)}`, {
        headers: headersFor(deps),
      });
      if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json'))
        return null;
      return response.blob();
    },

    /** Any document the API serves under /plat (a template), with the same headers; null when refused. */
    async fetchDocument(path: string): Promise<Blob | null> {
      const response = await fetch(`${deps.baseURL}${DEFAULT_PREFIX}${path}`, { headers: headersFor(deps) });
      if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json'))
        return null;
      return response.blob();
    },

    /** The stored facts of a file (name, type, size) for a field that only knows the id. */
    async describe(id: string): Promise<StoredFileInfo | null> {
      const response = await fetch(`${deps.baseURL}${FILES_PATH}/${encodeURIComponent(id)}/meta`, {
        headers: headersFor(deps),
      });
      const body = (await response.json().catch(() => null)) as Envelope<StoredFileInfo> | null;
      return body && normaliseErrorCode(body.code) === SUCCESS_CODE ? body.data : null;
    },

    async remove(id: string): Promise<boolean> {
      const response = await fetch(`${deps.baseURL}${FILES_PATH}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { ...headersFor(deps), 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await response.json().catch(() => null)) as Envelope | null;
      return body !== null && normaliseErrorCode(body.code) === SUCCESS_CODE;
    },
  };
}

export type UploadTransport = ReturnType<typeof createUploadTransport>;
