// The upload field's chart (issue 17 §3) on a real actor with a scripted upload actor: the browser's
// own checks, progress, cancel (the send is stopped), retry by the user or when back online, a
// server refusal, and a new pick replacing a send in flight.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { Limits } from '../../src/contract/limits';
import {
  uploadFileProblem,
  uploadMachine,
  type PickedUpload,
  type SendInput,
  type UploadEvent,
} from '../../machines/upload.machine';

interface Send {
  input: SendInput;
  stopped: boolean;
  report(event: UploadEvent): void;
}

function start() {
  const sends: Send[] = [];
  const machine = uploadMachine.provide({
    actors: {
      'upload file': fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
        const send: Send = { input, stopped: false, report: sendBack };
        sends.push(send);
        return () => {
          send.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { kind: 'businessLicense' } }).start();
  const stored: string[] = [];
  actor.on('upload.stored', (event) => stored.push(event.file.id));
  return { actor, sends, stored, last: () => sends.at(-1)! };
}

const file = (name: string, type: string, size = 2048): PickedUpload => ({ name, type, size, content: name });
const pdf = file('licence.pdf', 'application/pdf');
const storedFile = {
  id: 'f1',
  kind: 'businessLicense',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'licence.pdf',
};

describe('upload machine', () => {
  it('sends an accepted file with its kind, follows the progress and announces the stored id', () => {
    const { actor, sends, stored, last } = start();
    actor.send({ type: 'user.pick', file: pdf });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(last().input).toEqual({ file: pdf, kind: 'businessLicense' });
    last().report({ type: 'upload.progress', fraction: 0.4 });
    expect(actor.getSnapshot().context.fraction).toBe(0.4);
    last().report({ type: 'upload.finished', result: { kind: 'uploaded', file: storedFile } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(stored).toEqual(['f1']);
    expect(sends).toHaveLength(1);
  });

  it.each([
    ['an HEIC photo', file('IMG_0001.heic', 'image/heic'), 'wrongType'],
    ['a WebP photo', file('photo.webp', 'image/webp'), 'wrongType'],
    [
      'an executable named .jpg (its type gives it away)',
      file('setup.jpg', 'application/x-msdownload'),
      'wrongType',
    ],
    ['a file over the limit', file('scan.pdf', 'application/pdf', Limits.upload.maxBytes + 1), 'tooLarge'],
    ['an empty file', file('empty.png', 'image/png', 0), 'empty'],
  ] as const)('refuses %s in the browser without sending it', (_, picked, problem) => {
    const { actor, sends } = start();
    actor.send({ type: 'user.pick', file: picked });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.problem).toBe(problem);
    expect(sends).toEqual([]);
  });

  it('accepts a file of exactly the limit, and one whose browser type is unknown', () => {
    expect(uploadFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: Limits.upload.maxBytes })).toBeNull();
    expect(uploadFileProblem({ name: 'a.PDF', type: '', size: 1 })).toBeNull();
  });

  it('cancel stops the send and stores nothing; a new pick uploads again', () => {
    const { actor, stored, sends } = start();
    actor.send({ type: 'user.pick', file: pdf });
    sends[0]!.report({ type: 'upload.progress', fraction: 0.2 });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(sends[0]!.stopped).toBe(true);
    // A late answer of the stopped send changes nothing.
    sends[0]!.report({ type: 'upload.finished', result: { kind: 'uploaded', file: storedFile } });
    expect(stored).toEqual([]);
    actor.send({ type: 'user.pick', file: pdf });
    expect(sends).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('uploading');
  });

  it('a transport failure keeps the file; retry sends the same file, and so does coming back online', () => {
    const { actor, sends } = start();
    actor.send({ type: 'user.pick', file: pdf });
    sends[0]!.report({ type: 'upload.finished', result: { kind: 'transportFailed', offline: true } });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.offline).toBe(true);
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(sends[1]!.input.file).toBe(pdf);
    sends[1]!.report({ type: 'upload.finished', result: { kind: 'transportFailed', offline: false } });
    actor.send({ type: 'user.retry' });
    expect(sends[2]!.input.file).toBe(pdf);
  });

  it("shows the server's refusal and forgets the file", () => {
    const { actor, sends } = start();
    actor.send({ type: 'user.pick', file: pdf });
    sends[0]!.report({ type: 'upload.finished', result: { kind: 'refused', message: 'Only jpg…' } });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Only jpg…', file: null });
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().value).toBe('refused');
  });

  it('a pick names the kind the field has now (identity card → passport in the same place)', () => {
    const { actor, last } = start();
    actor.send({ type: 'user.pick', file: pdf, kind: 'passportPhotoPage' });
    expect(last().input.kind).toBe('passportPhotoPage');
  });

  it('a new pick while sending replaces the send in flight', () => {
    const { actor, sends } = start();
    actor.send({ type: 'user.pick', file: pdf });
    const other = file('other.png', 'image/png');
    actor.send({ type: 'user.pick', file: other });
    expect(sends[0]!.stopped).toBe(true);
    expect(sends[1]!.input.file).toBe(other);
    expect(actor.getSnapshot().context.fraction).toBe(0);
  });
});
