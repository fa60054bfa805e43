// Issue 16 §5: the certification case view shows the authorizer's face check beside the ID photo
// (the capture frames, the score, the liveness result, the outcome and its reason in words, the
// engine), and a referred check is confirmed or rejected only with a written reason.
import type { ServerResponse } from 'node:http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaceEvidence } from '../../../src/contract/api/admin';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { AdminCertificationQueuePage } from '../../../src/web/features/admin/AdminPages';
import { CASE_ID, certificationCase, FACE_ID, IMAGE_ID, PDF_ID } from './fixtures';
import {
  bodiesOf,
  envelope,
  renderAdminPage,
  routeFetchTo,
  signInAsReviewer,
  startStubApi,
  type StubApi,
} from './renderAdmin';

const CASE = `/plat/admin/certifications/${CASE_ID}`;
const OVERRIDE = `${CASE}/face-override`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const FRAME_IDS = ['6a1f0c3e-0000-4000-8000-0000000000a1', '6a1f0c3e-0000-4000-8000-0000000000a2'];

const frame = (fileId: string, i: number) => ({
  fileId,
  kind: 'faceCapture',
  contentType: 'image/jpeg',
  name: `frame-${i}.jpg`,
  size: 1000,
  fieldPath: null,
  deleted: false,
});

const FACE: FaceEvidence = {
  outcome: 'referred',
  reason: 'greyBand',
  score: 0.58,
  liveness: { passed: true, yawRangeDeg: 21.5, pitchRangeDeg: 4.25, frames: 2 },
  engineName: 'human',
  engineVersion: '3.3.5',
  captureSource: 'camera',
  frames: FRAME_IDS.map(frame),
  framesPurgedAt: null,
  overridable: true,
  review: null,
  attack: null,
};

function caseWithFace(face: FaceEvidence) {
  const base = certificationCase();
  return certificationCase({ authorizer: { ...base.authorizer!, verificationState: face.outcome, face } });
}

let server: StubApi;
let unroute: () => void;
let blobs = 0;

beforeAll(async () => {
  server = await startStubApi();
  unroute = routeFetchTo(server);
  URL.createObjectURL = () => `blob:http://localhost/${++blobs}`;
  URL.revokeObjectURL = () => undefined;
});
afterAll(async () => {
  unroute();
  await server.close();
});
beforeEach(() => {
  server.reset();
  signInAsReviewer();
  server.answer(CASE, envelope(200, caseWithFace(FACE)));
  const file = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
  };
  for (const id of [PDF_ID, IMAGE_ID, FACE_ID, ...FRAME_IDS]) server.answer(`/plat/files/${id}`, file);
});
afterEach(cleanup);

const openCase = () => renderAdminPage(AdminCertificationQueuePage, `/admin/certifications?case=${CASE_ID}`);
/** The authorizer's ID photo opened in the viewer, from its row (issue 21 §1: the face sits beside it). */
const openAuthorizerPhoto = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'View id-front.png' }));

describe('face evidence in the certification case', { timeout: 30_000 }, () => {
  it('shows the frames beside the ID photo with the score, liveness, outcome, reason and engine', async () => {
    openCase();
    await openAuthorizerPhoto();
    const identity = await screen.findByTestId('document-body');
    expect(await within(identity).findByRole('img', { name: 'id-front.png' })).toBeTruthy();
    expect(await within(identity).findByRole('img', { name: 'Capture frame 1' })).toBeTruthy();
    expect(await within(identity).findByRole('img', { name: 'Capture frame 2' })).toBeTruthy();
    const facts = screen.getByRole('table', { name: 'Face check' });
    expect(within(facts).getByText('Referred to review')).toBeTruthy();
    expect(
      within(facts).getByText('The match was not clear enough: a reviewer will compare the photos.'),
    ).toBeTruthy();
    expect(within(facts).getByText('0.580')).toBeTruthy();
    expect(within(facts).getByText('Passed (head turn: yaw 21.5°, pitch 4.3°, 2 frames)')).toBeTruthy();
    expect(within(facts).getByText('human 3.3.5')).toBeTruthy();
    await waitFor(() =>
      expect(server.requests.some((r) => r.url === `/plat/files/${FRAME_IDS[1]}`)).toBe(true),
    );
  });

  it('confirms a referred check only with a written reason', async () => {
    server.answer(
      OVERRIDE,
      envelope(200, { verificationSessionId: 'v-1', state: 'verified', reviewedAt: '2026-01-02T00:00:00Z' }),
    );
    openCase();
    const confirm = await screen.findByRole('button', { name: 'Confirm the face' });
    fireEvent.click(confirm);
    expect(await screen.findByText('Please give a reason')).toBeTruthy();
    expect(bodiesOf(server, OVERRIDE)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Reason for the face decision'), {
      target: { value: '  Same person, poor light  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the face' }));
    await waitFor(() =>
      expect(bodiesOf(server, OVERRIDE)).toEqual([
        { decision: 'confirm', reason: 'Same person, poor light' },
      ]),
    );
  });

  it("refuses a reason shorter than the contract minimum with the server's own message, sending nothing", async () => {
    openCase();
    const box = await screen.findByLabelText('Reason for the face decision');
    fireEvent.change(box, {
      target: { value: `  ${'x'.repeat(Limits.face.overrideReasonMinLength - 1)}  ` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject the face' }));
    expect(await screen.findByText(Codes.reasonTooShort['en-us'])).toBeTruthy();
    expect(bodiesOf(server, OVERRIDE)).toEqual([]);
  });

  it('a failed connection says network abnormal and frees the buttons; sending again works', async () => {
    // The connection is cut without an answer, as when the network drops.
    server.answer(OVERRIDE, (res) => res.socket?.destroy());
    openCase();
    fireEvent.change(await screen.findByLabelText('Reason for the face decision'), {
      target: { value: 'Same person, poor light' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the face' }));
    expect(await screen.findByText(Codes.internal['en-us'])).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm the face' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));

    server.answer(
      OVERRIDE,
      envelope(200, { verificationSessionId: 'v-1', state: 'verified', reviewedAt: '2026-01-02T00:00:00Z' }),
    );
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByText(Codes.internal['en-us'])).toBeNull());
    await waitFor(() => expect(server.requests.filter((r) => r.url === CASE).length).toBeGreaterThan(1));
  });

  it('shows each presentation-attack figure with its threshold and result, and "Not measured" for a missing one (issue 28 §6)', async () => {
    server.answer(
      CASE,
      envelope(
        200,
        caseWithFace({
          ...FACE,
          attack: {
            challenge: { asked: 'left-up-right', seen: ['left', 'up', 'right'], passed: true },
            planeResidual: { value: 0.02134, threshold: 0.01, passed: true, rms: 0.0251 },
            idReuse: {
              similarity: 0.4123,
              similarityThreshold: 0.9,
              hashDistance: 27,
              hashThreshold: 8,
              reused: false,
            },
            antispoof: { score: 0.31, threshold: 0.5, decides: false },
            livenessModel: null,
          },
        }),
      ),
    );
    openCase();
    await openAuthorizerPhoto();
    const table = await screen.findByRole('table', { name: 'Presentation-attack checks' });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.textContent!.replace(/\s+/g, ' ');
    expect(row('Head movement')).toBe(
      'Head movementSeen: left → up → rightAsked: left → up → rightPassedDecides',
    );
    expect(row('Plane-fit residual (face widths)')).toBe(
      'Plane-fit residual (face widths)0.0213RMS 0.0251≥ 0.0100 (a flat picture stays below)Passed: depth seenDecides',
    );
    expect(row('ID-photo reuse: similarity')).toBe(
      'ID-photo reuse: similarity0.412Reuse at ≥ 0.900Not the ID photoDecides with the hash distance',
    );
    expect(row('ID-photo reuse: hash distance')).toBe(
      'ID-photo reuse: hash distance27Reuse at ≤ 8Not the ID photoDecides with the similarity',
    );
    expect(row('Anti-spoofing model')).toBe(
      'Anti-spoofing model0.310≥ 0.500 (higher is more real)Below the thresholdEvidence only',
    );
    expect(row('Liveness model')).toBe('Liveness modelNot measured——');
  });

  it('names a plane fit on the image texture as such: points tracked and the mesh figure beside it (session 12)', async () => {
    const attackWith = (planeResidual: NonNullable<FaceEvidence['attack']>['planeResidual']) =>
      envelope(
        200,
        caseWithFace({
          ...FACE,
          attack: { challenge: null, planeResidual, idReuse: null, antispoof: null, livenessModel: null },
        }),
      );
    const planeRow = async () => {
      const table = await screen.findByRole('table', { name: 'Presentation-attack checks' });
      return within(table)
        .getByRole('rowheader', { name: "Plane fit of the image's texture (face widths)" })
        .closest('tr')!
        .textContent!.replace(/\s+/g, ' ');
    };
    server.answer(
      CASE,
      attackWith({
        value: 0.0009,
        threshold: 0.004,
        passed: false,
        rms: 0.0021,
        points: 96,
        meshValue: 0.0207,
      }),
    );
    openCase();
    await openAuthorizerPhoto();
    expect(await planeRow()).toBe(
      "Plane fit of the image's texture (face widths)0.0009RMS 0.0021 · 96 texture points tracked · mesh landmarks 0.0207≥ 0.0040 (a flat picture stays below)Failed: explained by one planeDecides",
    );
    cleanup();
    server.answer(
      CASE,
      attackWith({ value: 0, threshold: 0.004, passed: false, rms: 0, points: 0, meshValue: 0.03 }),
    );
    openCase();
    await openAuthorizerPhoto();
    expect(await planeRow()).toContain('Failed: no texture could be tracked');
  });

  it('shows a model score kept as evidence without a threshold as such, with no verdict', async () => {
    server.answer(
      CASE,
      envelope(
        200,
        caseWithFace({
          ...FACE,
          attack: {
            challenge: null,
            planeResidual: null,
            idReuse: null,
            antispoof: { score: 0.42, threshold: 0, decides: false },
            livenessModel: null,
          },
        }),
      ),
    );
    openCase();
    await openAuthorizerPhoto();
    const table = await screen.findByRole('table', { name: 'Presentation-attack checks' });
    const row = within(table).getByRole('rowheader', { name: 'Anti-spoofing model' }).closest('tr')!;
    expect(row.textContent).toBe('Anti-spoofing model0.420None set—Evidence only');
    expect(within(table).getByRole('rowheader', { name: 'Head movement' }).closest('tr')!.textContent).toBe(
      'Head movementNot measured——',
    );
  });

  it('says the attack checks were not measured when a capture has no attack evidence', async () => {
    openCase();
    await openAuthorizerPhoto();
    expect(
      await screen.findByText('The presentation-attack checks were not measured on this capture.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Presentation-attack checks' })).toBeNull();
  });

  it('offers no override once the check is decided, and shows the reviewer’s decision', async () => {
    server.answer(
      CASE,
      envelope(
        200,
        caseWithFace({
          ...FACE,
          outcome: 'verified',
          reason: 'reviewerConfirmed',
          overridable: false,
          review: {
            decision: 'confirm',
            reason: 'Same person, poor light',
            by: { userId: 'r-1', email: 'rita@portal.example' },
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
      ),
    );
    openCase();
    await openAuthorizerPhoto();
    const facts = await screen.findByRole('table', { name: 'Face check' });
    expect(
      within(facts).getByText(/Confirmed — Same person, poor light \(rita@portal\.example/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm the face' })).toBeNull();
  });
});
