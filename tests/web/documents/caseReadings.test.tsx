// The reviewer's view of what the documents read (issue 30): the claim mark as a button that shows
// where the value was read (click or focus), the findings listed first at the top of the case, the
// document's own checks, the outlines placed on the page, and the readings asked again until read.
import '../support/jsdomBrowser';
import { cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentReadingView } from '../../../src/contract/api/documents';
import type { DocumentClaim, DocumentFinding } from '../../../src/contract/documents/claims';
import { ReadFindings } from '../../../src/web/features/admin/caseView/ReadFindings';
import type { CaseSection } from '../../../src/web/features/admin/caseView/caseSections';
import { ClaimReadMark } from '../../../src/web/features/documents/ClaimReadMark';
import { DocumentSelfChecks } from '../../../src/web/features/documents/DocumentSelfChecks';
import { ReadOutlines, type ReadOutline } from '../../../src/web/features/documents/ReadOutlines';
import { useDocumentClaims } from '../../../src/web/features/documents/useDocumentClaims';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from '../verification/renderWithProviders';

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

const claim = (verdict: DocumentClaim['verdict'], read: string | null): DocumentClaim => ({
  claimPath: 'uploadLegalPersonInfo.document.number',
  field: 'idNumber',
  typedPath: 'document.number',
  typed: '11010519491231003X',
  read,
  verdict,
  fileId: 'front',
  page: 0,
  box: [10, 20, 110, 40],
});

describe('the claim mark as a button', () => {
  it('shows where the value was read when clicked or focused, and says which one is shown', () => {
    const shown: DocumentClaim[] = [];
    const different = claim('different', '11010519491231002X');
    renderWithProviders(<ClaimReadMark claim={different} onShow={(c) => shown.push(c)} />);
    const button = screen.getByRole('button', {
      name: 'Document reads 11010519491231002X: show where on the document',
    });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.focus(button);
    fireEvent.click(button);
    expect(shown).toEqual([different, different]);
    cleanup();
    renderWithProviders(<ClaimReadMark claim={different} onShow={() => undefined} selected />);
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
  });

  it('is no button without somewhere to show it', () => {
    renderWithProviders(<ClaimReadMark claim={claim('equal', '11010519491231003X')} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

const director: CaseSection = {
  id: 'uploadLegalPersonInfo',
  stepId: 'uploadLegalPersonInfo',
  person: { role: 'director', index: null },
  rows: [
    {
      key: 'uploadLegalPersonInfo.document.number',
      paths: ['uploadLegalPersonInfo.document.number'],
      localPath: 'document.number',
      value: '11010519491231003X',
      areaCode: null,
      fileId: null,
    },
    {
      key: 'uploadLegalPersonInfo.document.frontFileId',
      paths: ['uploadLegalPersonInfo.document.frontFileId'],
      localPath: 'document.frontFileId',
      value: 'front',
      areaCode: null,
      fileId: 'front',
    },
  ],
};

const findings: DocumentFinding[] = [
  {
    type: 'claim',
    key: 'front:idNumber',
    fileId: 'front',
    field: 'idNumber',
    claim: claim('different', '11010519491231002X'),
  },
  {
    type: 'selfCheck',
    key: 'front:birthDate',
    fileId: 'front',
    field: 'birthDate',
    kind: 'idFront',
    check: { name: 'idNumberBirthDate', outcome: 'fail' },
    page: 0,
    box: [1, 2, 3, 4],
  },
  {
    type: 'claim',
    key: 'front:name',
    fileId: 'front',
    field: 'name',
    claim: { ...claim('unreadable', null), field: 'name', claimPath: 'uploadLegalPersonInfo.surnameChinese' },
  },
];

describe('the findings at the top of the case', () => {
  it('lists what differs, then failed checks, then what could not be read, each opening its place', () => {
    const selected: DocumentFinding[] = [];
    renderWithProviders(
      <ReadFindings
        findings={findings}
        agreeing={2}
        sections={[director]}
        selected="front:birthDate"
        onSelect={(f) => selected.push(f)}
      />,
    );
    const list = within(screen.getByTestId('read-findings'));
    const items = list.getAllByRole('button').map((b) => b.textContent);
    expect(items).toEqual([
      expect.stringMatching(
        /^Different.*ID number: the document reads 11010519491231002X; typed 11010519491231003X$/,
      ),
      expect.stringMatching(/^Check fails.*Birth date in the ID number matches the printed one fails$/),
      expect.stringMatching(/^Unreadable.*Name in Chinese: the document could not be read here$/),
    ]);
    expect(list.getAllByRole('button').map((b) => b.getAttribute('aria-pressed'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    fireEvent.click(list.getAllByRole('button')[0]!);
    expect(selected).toEqual([findings[0]]);
  });

  it('says how many values agree when nothing differs, and nothing when nothing was read', () => {
    renderWithProviders(
      <ReadFindings findings={[]} agreeing={3} sections={[]} selected={null} onSelect={() => undefined} />,
    );
    expect(screen.getByTestId('read-findings').textContent).toContain(
      'The documents agree with the 3 values read from them.',
    );
    cleanup();
    renderWithProviders(
      <ReadFindings findings={[]} agreeing={0} sections={[]} selected={null} onSelect={() => undefined} />,
    );
    expect(screen.queryByTestId('read-findings')).toBeNull();
  });

  it('speaks Chinese', () => {
    chooseLocale('zh-cn');
    renderWithProviders(
      <ReadFindings
        findings={findings.slice(0, 1)}
        agreeing={0}
        sections={[director]}
        selected={null}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByTestId('read-findings').textContent).toContain('证件识别为 11010519491231002X');
  });
});

describe('the document’s own checks', () => {
  it('shows each check with whether it holds', () => {
    renderWithProviders(
      <DocumentSelfChecks
        checks={[
          { name: 'idNumberCheckDigit', outcome: 'pass' },
          { name: 'idNumberBirthDate', outcome: 'fail' },
          { name: 'expired', outcome: 'unreadable' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: "The document's own checks" });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [r.getAttribute('data-check'), r.textContent]),
    ).toEqual([
      ['idNumberCheckDigit', 'ID number check digitholds'],
      ['idNumberBirthDate', 'Birth date in the ID number matches the printed onefails'],
      ['expired', 'Not expiredcould not be read'],
    ]);
  });
});

describe('the outlines on a page', () => {
  const outline = (over: Partial<ReadOutline> = {}): ReadOutline => ({
    key: 'front:idNumber',
    page: 0,
    box: [100, 50, 300, 100],
    tone: 'different',
    label: 'ID number: the document reads 1 here, not what was typed',
    selected: false,
    ...over,
  });

  it('places each box by fractions of the page read, named, the selected one marked', () => {
    renderWithProviders(
      <ReadOutlines
        outlines={[
          outline(),
          outline({ key: 'front:name', box: [0, 0, 500, 250], tone: 'equal', selected: true, label: 'Name' }),
        ]}
        page={{ width: 1000, height: 500 }}
      />,
    );
    const box = screen.getByRole('img', { name: 'ID number: the document reads 1 here, not what was typed' });
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([
      '10%',
      '10%',
      '20%',
      '10%',
    ]);
    expect(box.getAttribute('data-selected')).toBeNull();
    expect(screen.getByRole('img', { name: 'Name' }).getAttribute('data-selected')).toBe('true');
  });

  it('turns the boxes with a page the viewer turned', () => {
    renderWithProviders(
      <ReadOutlines outlines={[outline()]} page={{ width: 1000, height: 500 }} rotation={90} />,
    );
    const box = screen.getByRole('img');
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([
      '80%',
      '10%',
      '10%',
      '20%',
    ]);
  });
});

describe('the case’s readings', () => {
  it('asks again while a file is queued, then has its self-checks and findings', async () => {
    const view = (status: DocumentReadingView['status']): DocumentReadingView => ({
      fileId: 'front',
      kind: 'idFront',
      status,
      fields:
        status === 'done' ? { idNumber: { value: '11010519491231002X', page: 0, box: [1, 2, 3, 4] } } : {},
      mrz: null,
      selfChecks: status === 'done' ? [{ name: 'idNumberBirthDate', outcome: 'fail' }] : [],
      text: null,
    });
    let asked = 0;
    const fetch = () => Promise.resolve(view(++asked < 2 ? 'queued' : 'done'));
    const values = {
      uploadLegalPersonInfo: { document: { number: '11010519491231003X', frontFileId: 'front' } },
    };
    const { result } = renderHook(() => useDocumentClaims(values, ['front'], fetch));
    await waitFor(() => expect(result.current.findings).toHaveLength(2), { timeout: 4000 });
    expect(asked).toBe(2);
    expect(result.current.findings.map((f) => [f.type, f.key])).toEqual([
      ['claim', 'front:idNumber'],
      ['selfCheck', 'front:birthDate'],
    ]);
    expect(result.current.readings.get('front')?.selfChecks).toEqual([
      { name: 'idNumberBirthDate', outcome: 'fail' },
    ]);
  });
});
