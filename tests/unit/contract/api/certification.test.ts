// The certification API's step schemas, file kinds and request bodies (src/contract/api/
// certification.ts) at unit level (issue 19 §2: the file's mutants had no covering test in the lean
// set). Spec §3: the director, beneficiaries and authorizer upload ID card front and back or the
// passport's photo and signature pages, and a proof of address; the authorizer also a signed
// authorization letter (docs/product-rules.md "Authorizer step").
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  authorizerSchema,
  confirmLocationRequest,
  equityStructureChartSchema,
  FILE_KIND_BY_FIELD,
  FILE_KINDS_BY_STEP,
  otherInfoSchema,
  saveDraftRequest,
  submitRequest,
} from '../../../../src/contract/api/certification';
import { FILE_IDS, validPerson } from '../support/fixtures';
import { messagesByPath } from '../support/issues';

const UUID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const check = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input);
const PERSON_FILES = ['idFront', 'idBack', 'passportPhotoPage', 'passportSignaturePage', 'proofOfAddress'];

describe('file kinds', () => {
  it('a file-id field has the kind of the document it holds', () => {
    expect(FILE_KIND_BY_FIELD).toEqual({
      businessLicenseFileId: 'businessLicense',
      equityStructureChartFileId: 'equityStructureChart',
      frontFileId: 'idFront',
      backFileId: 'idBack',
      photoPageFileId: 'passportPhotoPage',
      signaturePageFileId: 'passportSignaturePage',
      proofOfAddressFileId: 'proofOfAddress',
      authorizationLetterFileId: 'authorizationLetter',
      otherFileIds: 'otherDocument',
    });
  });

  it('each step takes the documents the spec asks of it', () => {
    expect(FILE_KINDS_BY_STEP).toEqual({
      completeCompanyInfo: ['businessLicense'],
      uploadEquityStructureChart: ['equityStructureChart'],
      uploadLegalPersonInfo: PERSON_FILES,
      uploadBeneficiaryInfo: PERSON_FILES,
      uploadAuthorizerInfo: [...PERSON_FILES, 'authorizationLetter'],
      uploadOtherInfo: ['otherDocument'],
    });
  });
});

describe('step schemas', () => {
  it('the equity structure chart is one uploaded file', () => {
    expect(check(equityStructureChartSchema, { equityStructureChartFileId: FILE_IDS.a })).toEqual({});
    expect(check(equityStructureChartSchema, {})).toEqual({ equityStructureChartFileId: ['file.required'] });
  });

  it('the authorizer: same as the director, same as a beneficiary (by index), or a verified person', () => {
    expect(check(authorizerSchema, { choice: 'sameAsDirector' })).toEqual({});
    expect(check(authorizerSchema, { choice: 'sameAsBeneficiary', beneficiaryIndex: 0 })).toEqual({});
    for (const beneficiaryIndex of [-1, 0.5, undefined])
      expect(check(authorizerSchema, { choice: 'sameAsBeneficiary', beneficiaryIndex })).toEqual({
        beneficiaryIndex: ['field.select'],
      });
    const none = {
      choice: 'none',
      person: validPerson(),
      authorizationLetterFileId: FILE_IDS.d,
      verificationSessionId: UUID,
    };
    expect(check(authorizerSchema, none)).toEqual({});
    expect(check(authorizerSchema, { ...none, verificationSessionId: undefined })).toEqual({
      verificationSessionId: ['verification.required'],
    });
    expect(check(authorizerSchema, { ...none, authorizationLetterFileId: '' })).toEqual({
      authorizationLetterFileId: ['file.required'],
    });
    expect(check(authorizerSchema, { choice: 'someoneElse' })).toEqual({ choice: ['field.select'] });
    expect(check(authorizerSchema, {})).toEqual({ choice: ['field.select'] });
  });

  it('other info: up to 10 files and a note of up to 1000 characters, both optional', () => {
    expect(otherInfoSchema.parse({})).toEqual({ otherFileIds: [] });
    expect(
      check(otherInfoSchema, { otherFileIds: Array(10).fill(FILE_IDS.a), note: 'n'.repeat(1000) }),
    ).toEqual({});
    expect(check(otherInfoSchema, { otherFileIds: Array(11).fill(FILE_IDS.a) })).toEqual({
      otherFileIds: ['field.tooLong'],
    });
    expect(check(otherInfoSchema, { note: 'n'.repeat(1001) })).toEqual({ note: ['field.tooLong'] });
  });
});

describe('requests', () => {
  it('confirming the location needs a location of the list and the confirmation', () => {
    expect(check(confirmLocationRequest, { location: 'HK', confirm: true })).toEqual({});
    expect(check(confirmLocationRequest, { location: 'JP', confirm: true })).toEqual({
      location: ['field.select'],
    });
    expect(check(confirmLocationRequest, { location: 'HK', confirm: false })).toEqual({
      confirm: ['field.required'],
    });
  });

  it('a draft save names a draft step, the current step and the version; its values are bounded JSON', () => {
    const save = {
      step: 'uploadOtherInfo',
      values: { note: 'x' },
      currentStep: 'uploadOtherInfo',
      version: 0,
    };
    expect(check(saveDraftRequest, save)).toEqual({});
    expect(check(saveDraftRequest, { ...save, currentStep: 'selectLocationCompany' })).toEqual({});
    expect(check(saveDraftRequest, { ...save, step: 'selectLocationCompany' })).toEqual({
      step: ['field.select'],
    });
    expect(check(saveDraftRequest, { ...save, currentStep: 'review' })).toEqual({
      currentStep: ['field.select'],
    });
    expect(check(saveDraftRequest, { ...save, values: { note: 'x'.repeat(10_001) } })).toEqual({
      values: ['field.tooLong'],
    });
    expect(check(saveDraftRequest, { ...save, version: -1 })).not.toEqual({});
  });

  it('a submit carries the reviewed version, a whole number from 0', () => {
    expect(check(submitRequest, { version: 0 })).toEqual({});
    expect(check(submitRequest, { version: -1 })).not.toEqual({});
    expect(check(submitRequest, {})).not.toEqual({});
  });
});
