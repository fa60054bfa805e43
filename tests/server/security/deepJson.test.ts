// Issue 22 §1: JSON nested thousands of levels deep, or with tens of thousands of members, is refused
// with one clear 400 before anything is stored, on every JSON route; and a too-deep draft already
// in the database (written before the limit existed) no longer makes the wizard's GET fail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { certificationApplications } from '../../../src/server/db/schema/index';
import { applicant, call, confirm, save, upload, view, type Caller } from '../certification/support';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let caller: Caller;

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

beforeAll(async () => {
  t = await createTestApp();
  caller = await applicant(t);
  await confirm(t, caller);
}, 120_000);
afterAll(() => t?.close());

async function postRaw(path: string, text: string) {
  const response = await fetch(`${t.url}/plat${path}`, {
    method: 'POST',
    headers: { ...caller.headers, 'content-type': 'application/json', language: '1' },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string } };
}

function draftBody(valuesText: string, version: number) {
  return `{"step":"completeCompanyInfo","currentStep":"completeCompanyInfo","version":${version},"values":{"companyNameEnglish":${valuesText}}}`;
}

describe('deep and wide JSON bodies', () => {
  for (const [name, make] of [
    ['arrays', nestedArrays],
    ['objects', nestedObjects],
  ] as const) {
    for (const depth of [1_500, 5_000]) {
      it(`a draft whose values nest ${depth} levels of ${name} is refused with 400, nothing stored`, async () => {
        const before = await view(t, caller);
        const answer = await postRaw('/kyb/draft', draftBody(make(depth), before.version));
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(Codes.jsonTooComplex.code);
        expect(answer.body.msg).toBe(Codes.jsonTooComplex['en-us']);
        const after = await view(t, caller);
        expect(after.version).toBe(before.version);
      });
    }
  }

  it('the limit is exact: depth Limits.json.maxDepth passes the parser, one more does not', async () => {
    const { version } = await view(t, caller);
    // The body and its `values` are two levels; the field's value may add the rest.
    const fits = nestedArrays(Limits.json.maxDepth - 2);
    const ok = await postRaw('/kyb/draft', draftBody(fits, version));
    expect(ok.body.code).toBe(200);
    const deeper = await postRaw(
      '/kyb/draft',
      draftBody(nestedArrays(Limits.json.maxDepth - 1), version + 1),
    );
    expect(deeper.body.code).toBe(Codes.jsonTooComplex.code);
  });

  it('a wide object (more members than Limits.json.maxMembers) is refused', async () => {
    const { version } = await view(t, caller);
    const members = Array.from({ length: Limits.json.maxMembers + 1 }, (_, i) => `"k${i}":1`).join(',');
    const answer = await postRaw('/kyb/draft', draftBody(`{${members}}`, version));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.jsonTooComplex.code);
    expect((await view(t, caller)).version).toBe(version);
  });

  it('a long string in a free-form draft value is refused by the draft schema', async () => {
    const { version } = await view(t, caller);
    const long = JSON.stringify('x'.repeat(Limits.json.maxStringLength + 1));
    const answer = await postRaw('/kyb/draft', draftBody(long, version));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Codes.validationFailed.code);
    expect((await view(t, caller)).version).toBe(version);
  });

  it('a draft stored 1 500 levels deep (before the limit) still opens: GET answers 200', async () => {
    await save(t, caller, 'uploadOtherInfo', { otherFileIds: [await upload(t, caller, 'otherDocument')] });
    const [row] = await t.app.db
      .select()
      .from(certificationApplications)
      .where(eq(certificationApplications.companyId, caller.signedIn.companyId!));
    let deep: unknown = { frontFileId: '00000000-0000-4000-8000-000000000000' };
    for (let i = 0; i < 1_500; i++) deep = i % 2 ? { nested: deep } : [deep];
    const draft = { ...(row!.draft as object), completeCompanyInfo: { deep } };
    // Written the way drizzle would not (its JSON.stringify is fine at 1 500): straight into jsonb.
    await t.app.pool.query('UPDATE certification_applications SET draft = $1::jsonb WHERE id = $2', [
      JSON.stringify(draft),
      row!.id,
    ]);
    const answer = await call(t, caller, 'GET', '/kyb/application');
    expect(answer.status).toBe(200);
    // The rest of the draft is still there, and its file is still listed.
    const data = answer.body.data as { draft: Record<string, unknown>; files: unknown[] };
    expect(data.draft['uploadOtherInfo']).toBeTruthy();
    expect(data.files).toHaveLength(1);
  });
});
