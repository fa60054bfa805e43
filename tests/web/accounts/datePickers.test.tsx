// Issue 20 §7: date fields are Mantine date pickers in the page's language: the dayjs locale's month
// and day names, the locale's first day of the week, its date format; the value stays 'YYYY-MM-DD'.
// Driven through the user center's login-history filter (the same DateRangeFields as the back office).
import { act, configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { sessionActor } from '../../../src/web/session/appSession';
import { writeSession } from '../../../src/web/session/sessionStore';
import { parseTypedDate } from '../../../src/web/shell/DateField';
import { stubApiForPages } from './pagesStubApi';
import { visit } from './renderApp';
import { envelope } from './support';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const server = stubApiForPages();

function signIn() {
  writeSession({
    isLogin: true,
    token: 'tok',
    operatorId: null,
    userInfo: { email: 'owner@company.example' },
    enterpriseCertificationStatus: 0,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  });
  sessionActor.send({ type: 'session.signedIn' });
}

async function openStartDate(label: string) {
  server.answer(
    '/plat/ums/user/login-history',
    envelope(200, { items: [], total: 0, page: 1, pageSize: 20 }),
  );
  signIn();
  visit('/user-center');
  const input = await screen.findByLabelText(label, {}, { timeout: 25_000 });
  fireEvent.change(input, { target: { value: '2024-03-01' } });
  fireEvent.blur(input);
  return input as HTMLInputElement;
}

/** The weekday headers of the open calendar, in order. */
async function weekdays(input: HTMLElement): Promise<string[]> {
  await act(async () => fireEvent.click(input));
  await screen.findByText(/2024/, { selector: 'button' });
  return [...document.querySelectorAll('th[class*="weekday"]')].map((th) => th.textContent ?? '');
}

describe('localized date pickers', () => {
  it('on the Chinese page: Chinese date format and names, the week starts on Monday', async () => {
    chooseLocale('zh-cn');
    const input = await openStartDate('开始日期');
    expect(input.value).toBe('2024年3月1日');
    const days = await weekdays(input);
    expect(days.slice(0, 7)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(document.body.textContent).toContain('2024年3月');
  });

  it('on the English page: US date format, the week starts on Sunday', async () => {
    const input = await openStartDate('Start date');
    expect(input.value).toBe('Mar 1, 2024');
    const days = await weekdays(input);
    expect(days.slice(0, 7)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(document.body.textContent).toContain('March 2024');
  });

  it('reads a typed date in either format, and refuses a date that does not exist', () => {
    expect(parseTypedDate('2024-03-01')).toBe('2024-03-01');
    expect(parseTypedDate('2024年3月1日')).toBe('2024-03-01');
    expect(parseTypedDate('2024/2/29')).toBe('2024-02-29');
    expect(parseTypedDate('Mar 1, 2024')).toBe('2024-03-01');
    expect(parseTypedDate('2023-02-29')).toBeNull();
    expect(parseTypedDate('soon')).toBeNull();
  });
});
