// The reviewer's case view marks its claim rows with what the documents read (issue 30): the mark
// sits in the row of the claim's path; rows without a reading have none. And the case's flattened
// fields turn back into the nested values the comparison reads.
import '../support/jsdomBrowser';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentClaim } from '../../../src/contract/documents/claims';
import { CaseFields } from '../../../src/web/features/admin/caseView/CaseFields';
import type { CaseSection } from '../../../src/web/features/admin/caseView/caseSections';
import { stepValuesOfCase } from '../../../src/web/features/documents/useDocumentClaims';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from '../verification/renderWithProviders';

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

const row = (path: string, localPath: string, value: string) => ({
  key: path,
  paths: [path],
  localPath,
  value,
  areaCode: null,
  fileId: null,
});

describe('claim rows marked by the documents', () => {
  it('puts the mark in the row of its claim path, and none elsewhere', () => {
    const section: CaseSection = {
      id: 'uploadLegalPersonInfo',
      stepId: 'uploadLegalPersonInfo',
      person: { role: 'director', index: null },
      rows: [
        row('uploadLegalPersonInfo.document.number', 'document.number', '11010519491231003X'),
        row('uploadLegalPersonInfo.residenceAddress', 'residenceAddress', 'No. 1 Road'),
      ],
    };
    const claim: DocumentClaim = {
      claimPath: 'uploadLegalPersonInfo.document.number',
      field: 'idNumber',
      typedPath: 'document.number',
      typed: '11010519491231003X',
      read: '11010519491231002X',
      verdict: 'different',
      fileId: 'front',
      page: 0,
      box: null,
    };
    renderWithProviders(
      <CaseFields
        sections={[section]}
        documents={new Map()}
        flags={null}
        readMarks={new Map([[claim.claimPath, claim]])}
        onOpenDocument={() => undefined}
      />,
    );
    const numberRow = document.querySelector('[data-path="uploadLegalPersonInfo.document.number"]')!;
    expect(within(numberRow as HTMLElement).getByText('Document reads 11010519491231002X')).toBeTruthy();
    const addressRow = document.querySelector('[data-path="uploadLegalPersonInfo.residenceAddress"]')!;
    expect(addressRow.querySelector('[data-verdict]')).toBeNull();
    expect(screen.getAllByText(/Document reads/)).toHaveLength(1);
  });

  it('rebuilds nested values from the case’s flattened fields', () => {
    expect(
      stepValuesOfCase([
        {
          stepId: 'uploadBeneficiaryInfo',
          fields: [
            { fieldPath: 'beneficiaries.0.document.number', value: '1' },
            { fieldPath: 'beneficiaries.0.document.frontFileId', value: 'f' },
            { fieldPath: 'hasBeneficiaries', value: true },
          ],
        },
      ]),
    ).toEqual({
      uploadBeneficiaryInfo: {
        beneficiaries: { '0': { document: { number: '1', frontFileId: 'f' } } },
        hasBeneficiaries: true,
      },
    });
  });
});
