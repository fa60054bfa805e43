// The card application's one document goes through the same upload chart as every certification
// field (machines/upload.machine.ts, issue 17 §3): progress, cancel, the browser's type check. The
// card chart (machines/cardApplication.machine.ts) still sees one 'upload file' call that ends
// attached, refused, cancelled or failed; this bridge hands the picked file to the upload actor and
// settles when the upload chart does. The view renders the upload actor and sends it the cancel.
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import type { CardUploadOutcome, PickedFile } from '../../../../machines/cardApplication.machine';
import {
  uploadMachine,
  type FileProblem,
  type SendInput,
  type UploadEvent,
  type UploadResult,
} from '../../../../machines/upload.machine';
import { CARD_APPLICATION_FILE_KIND } from '../../../contract/api/card';
import type { CodeName } from '../../../contract/codes';
import { codeNameOf } from './cardApi';
import type { UploadTransport } from '../uploads/uploadTransport';

export type CardUploadActor = ActorRefFrom<typeof uploadMachine>;

const PROBLEM_CODES: Record<FileProblem, CodeName> = {
  wrongType: 'fileTypeNotAllowed',
  tooLarge: 'fileTooLarge',
  empty: 'fileEmpty',
};

export function createCardUpload(transport: UploadTransport) {
  // The card flow shows a refusal by its business code; the upload chart keeps only the text.
  let refusal: CodeName = 'uploadFailed';
  const machine = uploadMachine.provide({
    actors: {
      'upload file': fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
        const abort = new AbortController();
        transport
          .upload(
            input.file.content as File,
            input.kind,
            (fraction) => sendBack({ type: 'upload.progress', fraction }),
            abort.signal,
          )
          .then(
            (outcome) => {
              if (outcome.kind === 'refused')
                refusal = typeof outcome.code === 'number' ? codeNameOf(outcome.code) : 'uploadFailed';
              const result: UploadResult =
                outcome.kind === 'transportFailed'
                  ? { kind: 'transportFailed', offline: !navigator.onLine }
                  : outcome;
              sendBack({ type: 'upload.finished', result });
            },
            // Aborted: the chart stopped this send and no longer listens.
            () => undefined,
          );
        return () => abort.abort();
      }),
    },
  });
  const actor: CardUploadActor = createActor(machine, { input: { kind: CARD_APPLICATION_FILE_KIND } });
  actor.start();

  /** Sends `picked` through the upload chart; a stopped card step (`signal`) cancels the send. */
  function send(picked: PickedFile, signal: AbortSignal): Promise<CardUploadOutcome> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (then: () => void) => {
        if (settled) return;
        settled = true;
        stored.unsubscribe();
        watched.unsubscribe();
        signal.removeEventListener('abort', cancel);
        then();
        // The card flow says what happened; the upload chart is ready for the next file.
        if (actor.getSnapshot().value !== 'idle') actor.send({ type: 'user.dismiss' });
      };
      const cancel = () => actor.send({ type: 'user.cancel' });
      const stored = actor.on('upload.stored', ({ file }) =>
        finish(() =>
          resolve({
            kind: 'ok',
            data: { id: file.id, name: file.originalName, type: file.contentType, size: file.size },
          }),
        ),
      );
      const watched = actor.subscribe((snapshot) => {
        const { problem } = snapshot.context;
        switch (snapshot.value) {
          case 'rejected':
            return finish(() => resolve({ kind: 'refused', code: PROBLEM_CODES[problem ?? 'wrongType'] }));
          case 'refused':
            return finish(() => resolve({ kind: 'refused', code: refusal }));
          case 'cancelled':
            return finish(() => resolve({ kind: 'cancelled' }));
          case 'failed':
            return finish(() => reject(new Error('upload failed')));
          case 'idle':
          case 'checking':
          case 'uploading':
            return undefined;
        }
      });
      signal.addEventListener('abort', cancel);
      refusal = 'uploadFailed';
      actor.send({
        type: 'user.pick',
        file: { name: picked.name, type: picked.type ?? '', size: picked.size, content: picked.content },
      });
    });
  }

  return { actor, send };
}

export type CardUpload = ReturnType<typeof createCardUpload>;
