// The life of one upload field: check the chosen file, send it with progress, keep the file for a
// retry after a transport failure, describe and preview a stored file, replace and delete it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkFile, type FileProblem } from './fileChecks';
import type { StoredFileInfo, UploadTransport } from './uploadTransport';

export type UploadStatus =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number; fileName: string }
  | { kind: 'rejected'; problem: FileProblem; fileName: string }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; file: File };

export function useUploadField(options: {
  transport: UploadTransport;
  kind: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { transport, kind, value, onChange } = options;
  const [status, setStatus] = useState<UploadStatus>({ kind: 'idle' });
  const [info, setInfo] = useState<StoredFileInfo | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // A stored file known only by its id (a resumed draft): read its facts and bytes for the preview.
  useEffect(() => {
    if (!value) {
      setInfo(null);
      setPreviewUrl(null);
      return;
    }
    let cancelled = false;
    let url: string | null = null;
    void (async () => {
      const described = info?.id === value ? info : await transport.describe(value).catch(() => null);
      if (cancelled) return;
      setInfo(described);
      const blob = await transport.download(value).catch(() => null);
      if (cancelled || !blob || typeof URL.createObjectURL !== 'function') return;
      url = URL.createObjectURL(blob);
      setPreviewUrl(url);
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // `info` is read only to skip a needless describe right after an upload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, transport]);

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (file: File) => {
      const problem = checkFile(file);
      if (problem) {
        setStatus({ kind: 'rejected', problem, fileName: file.name });
        return;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setStatus({ kind: 'uploading', fraction: 0, fileName: file.name });
      try {
        const outcome = await transport.upload(
          file,
          kind,
          (fraction) => setStatus({ kind: 'uploading', fraction, fileName: file.name }),
          abort.signal,
        );
        if (outcome.kind === 'uploaded') {
          setInfo(outcome.file);
          setStatus({ kind: 'idle' });
          onChange(outcome.file.id);
        } else if (outcome.kind === 'refused') {
          setStatus({ kind: 'refused', message: outcome.message });
        } else {
          setStatus({ kind: 'failed', file });
        }
      } catch {
        // Cancelled: the field was left or another file was chosen.
      }
    },
    [transport, kind, onChange],
  );

  const retry = useCallback(() => {
    if (status.kind === 'failed') void send(status.file);
  }, [status, send]);

  const remove = useCallback(async () => {
    if (!value) return;
    // The draft stops pointing at the file first; the stored bytes go when the server agrees.
    onChange(null);
    setStatus({ kind: 'idle' });
    await transport.remove(value).catch(() => false);
  }, [value, onChange, transport]);

  return { status, info, previewUrl, send, retry, remove };
}
