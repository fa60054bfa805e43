// Registry entry of the upload field (issue 17 §3), kept beside the machine so the shared registry
// holds one line for it. Graph events: a file the browser accepts and two it refuses (type, size),
// progress, and one outcome per branch (stored, refused by the server, transport failure offline).
import type { AnyEventObject } from 'xstate';
import { Limits } from '../src/contract/limits';
import type { MachineRegistryEntry } from './registryEntry';
import { uploadMachine } from './upload.machine';

const stored = {
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'businessLicense',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'licence.pdf',
};

const pick = (name: string, type: string, size: number): AnyEventObject => ({
  type: 'user.pick',
  file: { name, type, size, content: null },
});

export const uploadEntry: MachineRegistryEntry = {
  id: 'upload',
  kind: 'flow',
  title: 'Document upload field',
  machine: uploadMachine,
  graphInputs: [{ kind: 'businessLicense' }],
  graphEvents: [
    pick('licence.pdf', 'application/pdf', 2048),
    pick('photo.heic', 'image/heic', 2048),
    pick('scan.pdf', 'application/pdf', Limits.upload.maxBytes + 1),
    { type: 'upload.progress', fraction: 0.5 },
    { type: 'upload.finished', result: { kind: 'uploaded', file: stored } },
    {
      type: 'upload.finished',
      result: { kind: 'refused', message: 'Only jpg, jpeg, png or pdf files are accepted' },
    },
    { type: 'upload.finished', result: { kind: 'transportFailed', offline: true } },
  ],
};
