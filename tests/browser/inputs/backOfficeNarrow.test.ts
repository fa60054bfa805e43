// Issue 17 §3 "a 375-px phone width through each journey", for the back office: a reviewer's case
// page (summary, fields, documents, face evidence, decision, history) in a window 375 px wide is no
// wider than the window; a wide table scrolls inside its own container, never the page. The same
// for a card application case and both queues.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  CARD_APPLICATION_FILE_KIND,
  CardPaths,
  type CardQuestionnaire,
} from '../../../src/contract/api/card';
import type { Locale } from '../../../src/contract/envelope';
import { pdf } from '../../fixtures/files/samples';
import { seedSignedInUser, type Portal, type SeededUser } from '../../support/portal';
import { signInBeforeLoad } from '../support/appHandles';
import { applicantWithSubmission, reviewerSession } from '../support/a11ySessions';
import { settled } from '../support/a11yVisits';
import { text } from '../support/catalog';
import { UI_TIMEOUT } from '../support/certificationDriver';
import { useBrowserSuite } from '../support/suite';

const suite = useBrowserSuite();

const NARROW = { viewport: { width: 375, height: 812 } };

/** The outermost elements wider than the window whose parent fits: where a sideways scroll starts. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit;
    // Inside a container that scrolls sideways, overflow is that container's, not the page's.
    const scrolledInside = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !scrolledInside(el))
      .filter((el) => !el.parentElement || !sticksOut(el.parentElement))
      .slice(0, 8)
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        return `<${el.tagName.toLowerCase()} class="${el.className.toString().slice(0, 60)}"> ${Math.round(box.left)}…${Math.round(box.right)} "${name}"`;
      });
  });
}

/** The page is no wider than its window; when it is, the message names what sticks out. */
async function fitsTheWidth(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  const culprits = widths.content > widths.window ? await overflowing(page) : [];
  expect(widths.content, `${what}: ${JSON.stringify(widths)}\n${culprits.join('\n')}`).toBeLessThanOrEqual(
    widths.window,
  );
}

/** The applicant's own API call (JSON envelope, English); its data, or the test fails. */
async function call<T>(portal: Portal, user: SeededUser, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { headers: { ...user.signedIn.headers, language: '1' } };
  if (body instanceof FormData) Object.assign(init, { method: 'POST', body });
  else if (body !== undefined) {
    Object.assign(init, { method: 'POST', body: JSON.stringify(body) });
    Object.assign(init.headers as object, { 'content-type': 'application/json' });
  }
  const envelope = (await (await fetch(`${portal.url}/plat${path}`, init)).json()) as {
    code: number;
    data: T;
  };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A certified company whose card application (a document, every question answered) is submitted. */
async function submittedCardApplication(portal: Portal): Promise<void> {
  const user = await seedSignedInUser(portal, {
    certificationStatus: 2,
    auditStatus: 2,
    operatorId: 'OP82000001',
  });
  const form = new FormData();
  form.append('kind', CARD_APPLICATION_FILE_KIND);
  form.append(
    'file',
    new Blob([new Uint8Array(pdf())]),
    'purchase-contract-for-the-advertising-campaign.pdf',
  );
  const file = await call<{ id: string }>(portal, user, '/files', form);
  const questionnaire = await call<CardQuestionnaire>(portal, user, CardPaths.questionnaire);
  const answers: Record<string, string | string[]> = {};
  for (const q of questionnaire.questions) {
    const first = q.options[0]?.id ?? '';
    answers[q.id] =
      q.kind === 'text' ? 'We pay our advertising suppliers.' : q.kind === 'multipleChoice' ? [first] : first;
  }
  await call(portal, user, CardPaths.submit, { businessPurpose: 'advertising', fileId: file.id, answers });
}

/** The reviewer's first case of the queue at `queuePath`, opened in a 375-px window. */
async function firstCaseNarrow(portal: Portal, locale: Locale, queuePath: string): Promise<Page> {
  const context = await suite.context({ locale, extra: NARROW });
  await signInBeforeLoad(context, await reviewerSession(portal, locale));
  const page = await suite.page(context);
  await page.goto(`${portal.url}${queuePath}`);
  const queue = page.getByRole('table', { name: text(locale, 'Queue') });
  await queue.waitFor({ timeout: UI_TIMEOUT });
  await settled(page);
  await fitsTheWidth(page, `queue ${queuePath}`);
  await queue.locator('tbody a').first().click();
  await page
    .getByRole('heading', { level: 3, name: text(locale, 'Decision') })
    .waitFor({ timeout: UI_TIMEOUT });
  return page;
}

describe('the back office in a 375-px window', () => {
  test('the certification queue and a case page (documents, history, decision) fit the width', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    await applicantWithSubmission(portal, 'zh-cn');
    const page = await firstCaseNarrow(portal, locale, '/admin/certifications');
    await page.locator('img[src^="blob:"]').first().waitFor({ timeout: UI_TIMEOUT });
    await settled(page);
    await fitsTheWidth(page, 'certification case');
    // The history's five columns scroll inside their own container, which the keyboard can reach.
    const history = page.getByRole('table', { name: text(locale, 'Case history') });
    const scroller = history.locator('xpath=ancestor::div[@tabindex="0"][1]');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  test('a card application case (questionnaire, document) fits the width (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    await submittedCardApplication(portal);
    const page = await firstCaseNarrow(portal, locale, '/admin/cardApplications');
    await page.getByRole('table', { name: text(locale, 'Questionnaire') }).waitFor({ timeout: UI_TIMEOUT });
    await settled(page);
    await fitsTheWidth(page, 'card application case');
  });
});
