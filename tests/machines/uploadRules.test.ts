// The upload field's chart, the rules upload.test.ts leaves implicit (spec §5 uploads, §8 "Upload
// failed"; docs/product-rules.md "Uploads"; issue 17 §3): a new pick starts clean, each ending leaves the
// field as the page shows it, and every notice can be dismissed.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  uploadFileProblem,
  uploadMachine,
  type PickedUpload,
  type SendInput,
  type UploadEvent,
} from '../../machines/upload.machine';

function start() {
  const reports: Array<(event: UploadEvent) => void> = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        'upload file': fromCallback<UploadEvent, SendInput>(({ sendBack }) => {
          reports.push(sendBack);
        }),
      },
    }),
    { input: { kind: 'idFront' } },
  ).start();
  return { actor, report: (event: UploadEvent) => reports.at(-1)!(event) };
}

const pdf: PickedUpload = { name: 'licence.pdf', type: 'application/pdf', size: 2048, content: 'pdf' };
const heic: PickedUpload = { name: 'IMG.heic', type: 'image/heic', size: 2048, content: 'heic' };
const stored = {
  id: 'f1',
  kind: 'idFront',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'licence.pdf',
};
const finished = (result: Extract<UploadEvent, { type: 'upload.finished' }>['result']) =>
  ({ type: 'upload.finished', result }) as const;

describe('upload rules', () => {
  it('starts idle with its kind and nothing picked', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toStrictEqual({
      kind: 'idFront',
      file: null,
      fraction: 0,
      problem: null,
      message: null,
      offline: false,
    });
  });

  it('a stored file is complete and no longer kept', () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report(finished({ kind: 'uploaded', file: stored }));
    expect(r.actor.getSnapshot().context).toMatchObject({ file: null, fraction: 1 });
  });

  it("a pick after the browser's refusal starts clean, and the refusal can be dismissed", () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: heic });
    expect(r.actor.getSnapshot().context.problem).toBe('wrongType');
    r.actor.send({ type: 'user.dismiss' });
    expect(r.actor.getSnapshot().value).toBe('idle');
    r.actor.send({ type: 'user.pick', file: heic });
    r.actor.send({ type: 'user.pick', file: pdf });
    expect(r.actor.getSnapshot().value).toBe('uploading');
    expect(r.actor.getSnapshot().context.problem).toBeNull();
  });

  it("a pick after the server's refusal starts clean, and the refusal can be dismissed", () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report(finished({ kind: 'refused', message: 'Unreadable file' }));
    r.actor.send({ type: 'user.dismiss' });
    expect(r.actor.getSnapshot().value).toBe('idle');
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report(finished({ kind: 'refused', message: 'Unreadable file' }));
    r.actor.send({ type: 'user.pick', file: pdf });
    expect(r.actor.getSnapshot().context.message).toBeNull();
  });

  it('a pick after an offline failure starts clean; a pick keeps the kind it was last given', () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf, kind: 'passportPhotoPage' });
    r.report(finished({ kind: 'transportFailed', offline: true }));
    expect(r.actor.getSnapshot().context.offline).toBe(true);
    r.actor.send({ type: 'user.pick', file: pdf });
    expect(r.actor.getSnapshot().context).toMatchObject({ offline: false, kind: 'passportPhotoPage' });
  });

  it('a retry starts the progress again; coming back online also forgets the offline notice', () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report({ type: 'upload.progress', fraction: 0.5 });
    r.report(finished({ kind: 'transportFailed', offline: false }));
    expect(r.actor.getSnapshot().context).toMatchObject({ fraction: 0.5, offline: false });
    r.actor.send({ type: 'user.retry' });
    expect(r.actor.getSnapshot().context.fraction).toBe(0);
    r.report({ type: 'upload.progress', fraction: 0.5 });
    r.report(finished({ kind: 'transportFailed', offline: true }));
    r.actor.send({ type: 'network.online' });
    expect(r.actor.getSnapshot().value).toBe('uploading');
    expect(r.actor.getSnapshot().context).toMatchObject({ fraction: 0, offline: false });
  });

  it('a failure can be dismissed, which forgets the file', () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report(finished({ kind: 'transportFailed', offline: false }));
    expect(r.actor.getSnapshot().context.file).toBe(pdf);
    r.actor.send({ type: 'user.dismiss' });
    expect(r.actor.getSnapshot().value).toBe('idle');
    expect(r.actor.getSnapshot().context.file).toBeNull();
  });

  it('a cancelled send forgets the file and its progress, and can be dismissed', () => {
    const r = start();
    r.actor.send({ type: 'user.pick', file: pdf });
    r.report({ type: 'upload.progress', fraction: 0.5 });
    r.actor.send({ type: 'user.cancel' });
    expect(r.actor.getSnapshot().context).toMatchObject({ file: null, fraction: 0 });
    r.actor.send({ type: 'user.dismiss' });
    expect(r.actor.getSnapshot().value).toBe('idle');
  });

  it('a name without an extension is the wrong type, whatever the browser says', () => {
    expect(uploadFileProblem({ name: 'pdf', type: 'application/pdf', size: 1 })).toBe('wrongType');
    expect(uploadFileProblem({ name: 'scan.', type: 'application/pdf', size: 1 })).toBe('wrongType');
    // The extension is what follows the last dot, even when nothing comes before it.
    expect(uploadFileProblem({ name: '.pdf', type: 'application/pdf', size: 1 })).toBeNull();
  });
});
