// The applicant's hint after an upload (issue 30): shown only when the document, once read, says
// something different from what was typed beside it; in both languages; silent while the document
// is queued, when it agrees, and when the read number fails its own check digit (a misread).
import '../support/jsdomBrowser';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { READING_POLL, type DocumentReadingView } from '../../../src/contract/api/documents';
import { DocumentReadHintView } from '../../../src/web/features/documents/DocumentReadHint';
import { stillReading } from '../../../src/web/features/documents/useDocumentReading';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { renderWithProviders } from '../verification/renderWithProviders';

afterEach(() => {
  cleanup();
  chooseLocale('en-us');
});

const at = (value: string) => ({ value, page: 0, box: null });
function reading(fields: DocumentReadingView['fields'], status: DocumentReadingView['status'] = 'done') {
  return { fileId: 'f', kind: 'idFront', status, fields, mrz: null, selfChecks: [], text: null };
}
const person = (number: string) => ({ document: { number }, surnameChinese: '王', givenNameChinese: '伟' });
const read = reading({ idNumber: at('11010519491231002X'), name: at('王伟') });

describe('the document read hint', () => {
  it('says what the card reads and what was typed when they differ', () => {
    chooseLocale('en-us');
    renderWithProviders(
      <DocumentReadHintView kind="idFront" reading={read} values={person('11010519491231003X')} />,
    );
    expect(screen.getByTestId('document-read-hint').textContent).toContain(
      'ID number: the document reads 11010519491231002X; you typed 11010519491231003X.',
    );
    expect(screen.getByText('The document may not match what you typed')).toBeTruthy();
    // It is a hint, not an error: a status, not an alert.
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('says it in Chinese', () => {
    chooseLocale('zh-cn');
    renderWithProviders(
      <DocumentReadHintView kind="idFront" reading={read} values={person('11010519491231003X')} />,
    );
    expect(screen.getByTestId('document-read-hint').textContent).toContain(
      '身份证号码：证件上识别为 11010519491231002X，您填写的是 11010519491231003X。',
    );
  });

  it.each([
    ['the document agrees', read, '11010519491231002X'],
    ['the document is still queued', reading({}, 'queued'), '11010519491231003X'],
    [
      'the read number fails its check digit',
      reading({ idNumber: at('110105194912310021') }),
      '11010519491231002X',
    ],
  ])('stays silent when %s', (_, view, typed) => {
    renderWithProviders(<DocumentReadHintView kind="idFront" reading={view} values={person(typed)} />);
    expect(screen.queryByTestId('document-read-hint')).toBeNull();
  });
});

describe('asking for the reading', () => {
  it('asks again while the document is queued or being read, and stops once it is read', () => {
    expect(stillReading(null, 1)).toBe(true);
    expect(stillReading(reading({}, 'queued'), 1)).toBe(true);
    expect(stillReading(reading({}, 'reading'), 1)).toBe(true);
    expect(stillReading(read, 1)).toBe(false);
    expect(stillReading(reading({}, 'failed'), 1)).toBe(false);
    expect(stillReading(reading({}, 'notRead'), 1)).toBe(false);
  });

  it('gives up after a minute of asking', () => {
    const asks = READING_POLL.giveUpAfterMs / READING_POLL.intervalMs;
    expect(stillReading(reading({}, 'queued'), asks - 1)).toBe(true);
    expect(stillReading(reading({}, 'queued'), asks)).toBe(false);
  });
});
