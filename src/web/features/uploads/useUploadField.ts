// The one place an upload field's chart (machines/upload.machine.ts) gets its effect: the send
// through the app's transport, with progress, aborted when the chart stops it (cancel, a new pick,
// the field gone). Beside it, what belongs to the stored file rather than to a send: its facts and
// preview for a field that only knows the id (a resumed draft), and delete.
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromCallback } from 'xstate';
import {
  uploadMachine,
  type SendInput,
  type UploadEvent,
  type UploadResult,
} from '../../../../machines/upload.machine';
import type { StoredFileInfo, UploadOutcome, UploadTransport } from './uploadTransport';

/** The transport's outcome in the chart's terms; a failure says whether the browser was offline. */
function resultOf(outcome: UploadOutcome): UploadResult {
  if (outcome.kind === 'transportFailed')
    return { kind: 'transportFailed', offline: typeof navigator !== 'undefined' && !navigator.onLine };
  return outcome;
}

export function useUploadField(options: {
  transport: UploadTransport;
  kind: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { transport, kind, value, onChange } = options;
  const [info, setInfo] = useState<StoredFileInfo | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // The chart is made once; the send reads the field's current transport and onChange.
  const latest = useRef({ transport, onChange });
  latest.current = { transport, onChange };

  const actor = useActorRef(
    uploadMachine.provide({
      actors: {
        'upload file': fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
          const abort = new AbortController();
          latest.current.transport
            .upload(
              input.file.content as File,
              input.kind,
              (fraction) => sendBack({ type: 'upload.progress', fraction }),
              abort.signal,
            )
            .then(
              (outcome) => sendBack({ type: 'upload.finished', result: resultOf(outcome) }),
              // Aborted: the chart stopped this send and no longer listens.
              () => undefined,
            );
          return () => abort.abort();
        }),
      },
    }),
    { input: { kind } },
  );

  useEffect(() => {
    const subscription = actor.on('upload.stored', ({ file }) => {
      setInfo(file);
      latest.current.onChange(file.id);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  // Back online: a send that failed for want of a network goes again by itself.
  useEffect(() => {
    const online = () => actor.send({ type: 'network.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

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

  const pick = useCallback(
    (file: File) =>
      actor.send({
        type: 'user.pick',
        file: { name: file.name, type: file.type, size: file.size, content: file },
        kind,
      }),
    [actor, kind],
  );

  const remove = useCallback(async () => {
    if (!value) return;
    // The draft stops pointing at the file first; the stored bytes go when the server agrees.
    onChange(null);
    actor.send({ type: 'user.dismiss' });
    await transport.remove(value).catch(() => false);
  }, [value, onChange, transport, actor]);

  return { actor, info, previewUrl, pick, remove };
}
