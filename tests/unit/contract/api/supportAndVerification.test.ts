// Support references (issue 19 §5) and the QR verification API's requests (issue 16) at unit level:
// the reference format and how a typed reference is read, the snapshot envelope's bounds, and the
// verification bodies (issue 19 §2: these mutants had no covering test in the lean set).
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  normalizeSupportReference,
  SUPPORT_REFERENCE_ALPHABET,
  SUPPORT_REFERENCE_PATTERN,
  supportSnapshotBody,
} from '../../../../src/contract/api/supportReferences';
import {
  captureFields,
  consentRequest,
  createVerificationSessionRequest,
  FINAL_VERIFICATION_STATES,
  phoneKeyRequest,
  scanRequest,
  SUBMITTABLE_VERIFICATION_STATES,
  VERIFICATION_LINK_PARAM,
  VERIFICATION_PHONE_PAGE,
  VERIFICATION_STREAM_EVENT,
} from '../../../../src/contract/api/verification';
import { messagesByPath } from '../support/issues';

const check = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input);

describe('support references', () => {
  it('use 31 characters without 0/O and 1/I/L, in two groups of four after "SR-"', () => {
    expect(SUPPORT_REFERENCE_ALPHABET).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
    for (const ch of SUPPORT_REFERENCE_ALPHABET)
      expect(SUPPORT_REFERENCE_PATTERN.test(`SR-${ch.repeat(4)}-2345`)).toBe(true);
    expect(SUPPORT_REFERENCE_PATTERN.test('SR-7K4M-2QXD')).toBe(true);
    for (const bad of [
      'SR-7K4M-2QX',
      'SR-7K4-2QXD',
      'SR-7K4M-2QXDA',
      'XSR-7K4M-2QXD',
      'SR-0K4M-2QXD',
      'SR-7K4M-2QXO',
      'SR-7K4M-1QXD',
      'sr-7k4m-2qxd',
    ])
      expect(SUPPORT_REFERENCE_PATTERN.test(bad)).toBe(false);
  });

  it('a typed reference may differ in case, spaces and dashes, and leave out "SR"', () => {
    for (const typed of [
      'SR-7K4M-2QXD',
      'sr 7k4m 2qxd',
      '7K4M2QXD',
      ' 7k4m-2qxd ',
      'SR7K4M2QXD',
      's-r-7-k-4-m-2-q-x-d',
    ])
      expect(normalizeSupportReference(typed)).toBe('SR-7K4M-2QXD');
    // "SR" is a prefix only when ten characters remain: SR2Q4M7K is itself a body of eight.
    expect(normalizeSupportReference('SR2Q4M7K')).toBe('SR-SR2Q-4M7K');
  });

  it('anything else is no reference', () => {
    for (const typed of [
      '',
      '7K4M2QX',
      '7K4M2QXDA',
      'SR7K4M2QX',
      'XR7K4M2QXD',
      '7K4M2QX0',
      '7K4M/2QXD',
      'SR-7K4M-2QXD-7K4M',
    ])
      expect(normalizeSupportReference(typed)).toBeNull();
  });

  const body = {
    machine: 'certification',
    version: 'abc123',
    appVersion: '2.0.0+1f9f0ec',
    at: '2026-11-27T05:00:00.000Z',
    snapshot: { value: 'x' },
  };

  it('a snapshot envelope names its machine, version and app version', () => {
    expect(check(supportSnapshotBody, body)).toEqual({});
    expect(check(supportSnapshotBody, { ...body, version: 7 })).toEqual({});
    expect(
      check(supportSnapshotBody, {
        ...body,
        machine: `m${'a'.repeat(63)}`,
        version: 'z'.repeat(64),
        appVersion: 'v'.repeat(100),
      }),
    ).toEqual({});
    for (const change of [
      { machine: '' },
      { machine: '1certification' },
      { machine: 'certification!' },
      { machine: ' certification' },
      { machine: `m${'a'.repeat(64)}` },
      { version: -1 },
      { version: 1.5 },
      { version: '' },
      { version: 'ABC' },
      { version: 'abc-1' },
      { version: '-abc' },
      { version: 'z'.repeat(65) },
      { appVersion: '' },
      { appVersion: 'v'.repeat(101) },
      { at: 'now' },
      { snapshot: 'x' },
    ])
      expect(check(supportSnapshotBody, { ...body, ...change })).not.toEqual({});
  });

  it('a snapshot is at most 200 000 characters of JSON, else "too long" on the snapshot', () => {
    // {"value":"…"} is 12 characters around the text.
    expect(check(supportSnapshotBody, { ...body, snapshot: { value: 'x'.repeat(199_988) } })).toEqual({});
    expect(check(supportSnapshotBody, { ...body, snapshot: { value: 'x'.repeat(199_989) } })).toEqual({
      snapshot: ['field.tooLong'],
    });
  });
});

describe('QR verification', () => {
  it('the QR code opens the phone page with the session token; the stream names its events "state"', () => {
    expect(`${VERIFICATION_PHONE_PAGE}?${VERIFICATION_LINK_PARAM}=t`).toBe('/identityVerification?session=t');
    expect(VERIFICATION_STREAM_EVENT).toBe('state');
  });

  it('final states end the session; verified and referred ones let the certification be submitted', () => {
    expect([...FINAL_VERIFICATION_STATES].sort()).toEqual([
      'cancelled',
      'expired',
      'failedFinal',
      'referred',
      'verified',
    ]);
    expect([...SUBMITTABLE_VERIFICATION_STATES].sort()).toEqual(['referred', 'verified']);
  });

  it('a session is created for the authorizer, with a name of 1–50 characters', () => {
    expect(
      check(createVerificationSessionRequest, { purpose: 'authorizer', subjectName: ` ${'A'.repeat(50)} ` }),
    ).toEqual({});
    expect(
      createVerificationSessionRequest.parse({ purpose: 'authorizer', subjectName: ' Mary ' }).subjectName,
    ).toBe('Mary');
    expect(check(createVerificationSessionRequest, { purpose: 'director', subjectName: 'Mary' })).toEqual({
      purpose: ['field.select'],
    });
    expect(check(createVerificationSessionRequest, { purpose: 'authorizer', subjectName: '  ' })).toEqual({
      subjectName: ['field.required'],
    });
    expect(check(createVerificationSessionRequest, { purpose: 'authorizer' })).toEqual({
      subjectName: ['field.required'],
    });
    expect(
      check(createVerificationSessionRequest, { purpose: 'authorizer', subjectName: 'A'.repeat(51) }),
    ).toEqual({ subjectName: ['field.tooLong'] });
  });

  const KEY = 'aZ0_-'.repeat(8) + 'abc';

  it('a scan token and a phone key are 32 random bytes in base64url: 43 characters', () => {
    expect(KEY).toHaveLength(43);
    expect(check(scanRequest, { token: KEY })).toEqual({});
    expect(check(phoneKeyRequest, { key: KEY })).toEqual({});
    for (const bad of [KEY.slice(1), `${KEY}a`, `!${KEY.slice(1)}`, `${KEY.slice(1)}=`, `a${KEY}`]) {
      expect(check(scanRequest, { token: bad })).toEqual({ token: ['field.required'] });
      expect(check(phoneKeyRequest, { key: bad })).toEqual({ key: ['field.required'] });
    }
    expect(check(scanRequest, {})).toEqual({ token: ['field.required'] });
    expect(check(phoneKeyRequest, { key: 5 })).toEqual({ key: ['field.required'] });
  });

  it('consent is only "accepted: true"; a capture comes from the camera or a file', () => {
    expect(check(consentRequest, { key: KEY, accepted: true })).toEqual({});
    expect(check(consentRequest, { key: KEY, accepted: false })).toEqual({
      accepted: ['serviceAgreement.required'],
    });
    expect(check(consentRequest, { accepted: true })).toEqual({ key: ['field.required'] });
    expect(check(captureFields, { key: KEY, source: 'camera' })).toEqual({});
    expect(check(captureFields, { key: KEY, source: 'file' })).toEqual({});
    expect(check(captureFields, { key: KEY, source: 'screen' })).toEqual({ source: ['field.select'] });
    expect(check(captureFields, { source: 'file' })).toEqual({ key: ['field.required'] });
  });
});
