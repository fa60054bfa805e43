// The reviewer's mark beside a claim row (issue 30): agrees, reads something else (shown), or
// unreadable, in both languages; and the hook that fetches the case's readings and keys the marks
// by claim path, worst first.
import '../support/jsdomBrowser';
import { cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentReadingView } from '../../../src/contract/api/documents';
import type { DocumentClaim } from '../../../src/contract/documents/claims';
import { ClaimReadMark } from '../../../src/web/features/documents/ClaimReadMark';
import { useDocumentClaims } from '../../../src/web/features/documents/useDocumentClaims';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from '../verification/renderWithProviders';

afterEach(() => {
  cleanup();
  chooseLocale('en-us');
});

const claim = (verdict: DocumentClaim['verdict'], read: string | null): DocumentClaim => ({
  claimPath: 'uploadLegalPersonInfo.document.number',
  field: 'idNumber',
  typedPath: 'document.number',
  typed: '11010519491231003X',
  read,
  verdict,
  fileId: 'f',
  page: 0,
  box: null,
});

describe('the claim row mark', () => {
  it.each([
    ['en-us', 'different', '11010519491231002X', 'Document reads 11010519491231002X'],
    ['zh-cn', 'different', '11010519491231002X', '证件识别为 11010519491231002X'],
    ['en-us', 'equal', '11010519491231003X', 'Document agrees'],
    ['zh-cn', 'equal', '11010519491231003X', '与证件一致'],
    ['en-us', 'unreadable', null, 'Document unreadable here'],
    ['zh-cn', 'unreadable', null, '证件此处无法识别'],
  ] as const)('in %s, %s: "%s"', (locale, verdict, read, shown) => {
    chooseLocale(locale);
    renderWithProviders(<ClaimReadMark claim={claim(verdict, read)} />);
    expect(screen.getByText(shown).closest('[data-verdict]')?.getAttribute('data-verdict')).toBe(verdict);
  });

  it('shows nothing where no document was read', () => {
    renderWithProviders(<ClaimReadMark claim={undefined} />);
    expect(document.querySelector('[data-verdict]')).toBeNull();
  });
});

describe('useDocumentClaims', () => {
  it('marks each claim path from the readings of the case’s files; files not read have none', async () => {
    const view = (fileId: string, status: DocumentReadingView['status']): DocumentReadingView => ({
      fileId,
      kind: 'idFront',
      status,
      fields: { idNumber: { value: '11010519491231002X', page: 0, box: null } },
      mrz: null,
      selfChecks: [],
      text: null,
    });
    const fetch = (id: string) => Promise.resolve(view(id, id === 'front-d' ? 'done' : 'queued'));
    const values = {
      uploadLegalPersonInfo: { document: { number: '11010519491231003X', frontFileId: 'front-d' } },
      uploadBeneficiaryInfo: { beneficiaries: [{ document: { number: '1', frontFileId: 'front-b' } }] },
    };
    const { result } = renderHook(() => useDocumentClaims(values, ['front-d', 'front-b'], fetch));
    await waitFor(() => expect(result.current.byPath.size).toBe(1));
    expect(result.current.byPath.get('uploadLegalPersonInfo.document.number')).toMatchObject({
      verdict: 'different',
      read: '11010519491231002X',
    });
  });
});
