// Issue 10 §3 (browser part): names and addresses holding HTML and script, stored through the API,
// render as TEXT in the applicant's app and in the back office. Every payload, if it ever ran, sets
// window.__xss and opens an alert: the test fails on either, and finds the literal text on screen.
// The contexts bypass the portal's CSP on purpose: the CSP is a second wall, and this suite guards
// the first one (React text rendering), which the CSP would otherwise hide a breach of.
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/contract/envelope';
import { certificationApplications, companies, users } from '../../src/server/db/schema/index';
import { AdminPaths, adminPath } from '../../src/contract/api/admin';
import { applicantAtStep, applicantWithSubmission, reviewerSession } from './support/a11ySessions';
import { signInBeforeLoad } from './support/appHandles';
import { text } from './support/catalog';
import { settled } from './support/a11yVisits';
import { useBrowserSuite } from './support/suite';
import type { SeededUser } from '../support/portal';

const suite = useBrowserSuite();

const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert('img')">`,
  script: `<script>window.__xss='script';alert('script')</script>`,
  svg: `"><svg onload="window.__xss='svg';alert('svg')">`,
  js: `javascript:window.__xss='js';alert('js')`,
};

/** Stored values: each a plain prefix (so the field stays recognisable) and a payload. */
const STORED = {
  companyName: `Acme ${PAYLOADS.img} Ltd`,
  firstName: `Ann${PAYLOADS.script}`,
  lastName: `Lee${PAYLOADS.svg}`,
  productDescription: `Gadgets ${PAYLOADS.js} ${PAYLOADS.img}`,
  residenceAddress: `No. 1 ${PAYLOADS.svg} Road`,
  otherNote: `See ${PAYLOADS.script}`,
  reason: `Fix ${PAYLOADS.img}, ${PAYLOADS.script} and ${PAYLOADS.js}`,
};

interface Breaches {
  dialogs: string[];
}

/** A context whose every page reports dialogs; CSP bypassed (see the header). */
async function watchedContext(
  locale: Locale,
  seeded?: SeededUser,
): Promise<{ context: BrowserContext; breaches: Breaches }> {
  const context = await suite.context({ locale, extra: { bypassCSP: true }, seeded });
  const breaches: Breaches = { dialogs: [] };
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      breaches.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  });
  return { context, breaches };
}

/**
 * Waits until every image of the page has loaded or failed (an injected <img src=x> would have fired
 * its onerror by then) and two frames have passed, then asserts no payload ran.
 */
async function expectNothingRan(page: Page, breaches: Breaches): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(breaches.dialogs).toEqual([]);
  // Nothing stored became markup: no element the payloads would create, no javascript: link.
  expect(await page.locator('a[href^="javascript:"], img[src="x"], svg[onload]').count()).toBe(0);
}

const visible = (page: Page, literal: string) =>
  page.getByText(literal, { exact: false }).first().waitFor({ timeout: 30_000 });

/** The company and user rows as registration stores them (registration's company name is free text);
 *  `tag` keeps each test's company apart in the shared queue. Returns the stored company name. */
async function storeNames(user: SeededUser, tag: string): Promise<string> {
  const { app } = suite.portal();
  const companyName = `${STORED.companyName} ${tag}`;
  await app.db.update(companies).set({ name: companyName }).where(eq(companies.id, user.signedIn.companyId!));
  await app.db
    .update(users)
    .set({ firstName: STORED.firstName, lastName: STORED.lastName })
    .where(eq(users.id, user.signedIn.userId));
  user.sessionUser.companyName = companyName;
  user.sessionUser.userInfo.firstName = STORED.firstName;
  user.sessionUser.userInfo.lastName = STORED.lastName;
  return companyName;
}

describe('stored HTML and script render as text', () => {
  test("in the applicant's certification steps and review, and the user center", async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user } = await applicantAtStep(portal, locale, 'review', (draft) => {
      draft.completeCompanyInfo.productDescription = STORED.productDescription;
      draft.uploadLegalPersonInfo.residenceAddress = STORED.residenceAddress;
      draft.uploadOtherInfo.note = STORED.otherNote;
    });
    await storeNames(user, 'steps');
    const { context, breaches } = await watchedContext(locale, user);
    const page = await suite.page(context);

    // The other-information step (where the wizard resumes), then back through the steps that hold
    // the stored text, then forward to the review.
    await page.goto(`${portal.url}/enterpriseCertification/uploadOtherInfo`);
    await settled(page);
    await page.getByText(STORED.otherNote).or(page.locator('textarea')).first().waitFor();
    expect(
      await page.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value)),
    ).toContain(STORED.otherNote);
    await expectNothingRan(page, breaches);

    await page.goto(`${portal.url}/enterpriseCertification/completeCompanyInfo`);
    // The wizard resumes where the server says; walk back with its own Back button to the first step.
    const back = page.getByRole('button', { name: text(locale, 'Back'), exact: true });
    const product = page.getByLabel(text(locale, 'Product description'), { exact: true });
    const stepHeading = () => page.getByRole('heading', { level: 2 }).first().textContent();
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    for (let guard = 0; !(await product.isVisible()); guard++) {
      if (guard > 8) throw new Error('never reached the company information step');
      const from = await stepHeading();
      await back.click();
      await expect.poll(stepHeading, { timeout: 30_000 }).not.toBe(from);
    }
    expect(await product.inputValue()).toBe(STORED.productDescription);
    await expectNothingRan(page, breaches);

    await page.goto(`${portal.url}/user-center`);
    await settled(page);
    await visible(page, STORED.firstName);
    await visible(page, STORED.lastName);
    await expectNothingRan(page, breaches);
  });

  test("on the applicant's gateway, with a reviewer's reason holding HTML", async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { user } = await applicantWithSubmission(portal, locale, (draft) => {
      draft.completeCompanyInfo.productDescription = STORED.productDescription;
    });
    await storeNames(user, 'gateway');
    // A reviewer rejects through the API with the reason the applicant will read.
    const reviewer = await reviewerSession(portal, 'en-us');
    const [application] = await portal.app.db
      .select({ id: certificationApplications.id, version: certificationApplications.version })
      .from(certificationApplications)
      .where(eq(certificationApplications.companyId, user.signedIn.companyId!));
    const decided = await fetch(
      `${portal.url}/plat${adminPath(AdminPaths.certificationReject, { id: application!.id })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${reviewer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: application!.version, reason: STORED.reason }),
      },
    );
    expect(decided.status, await decided.clone().text()).toBe(200);
    user.sessionUser.enterpriseCertificationStatus = 1;
    user.sessionUser.enterpriseAuditStatus = 3;

    const { context, breaches } = await watchedContext(locale, user);
    const page = await suite.page(context);
    await page.goto(`${portal.url}/gateway`);
    await settled(page);
    await visible(page, STORED.reason);
    await expectNothingRan(page, breaches);
  });

  test('in the back office queue and case view', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    let companyName = '';
    await applicantWithSubmission(
      portal,
      'zh-cn',
      (draft) => {
        draft.completeCompanyInfo.productDescription = STORED.productDescription;
        draft.uploadLegalPersonInfo.residenceAddress = STORED.residenceAddress;
        draft.uploadOtherInfo.note = STORED.otherNote;
      },
      async (user) => (companyName = await storeNames(user, 'back office')),
    );
    const { context, breaches } = await watchedContext(locale);
    await signInBeforeLoad(context, await reviewerSession(portal, locale));
    const page = await suite.page(context);
    await page.goto(`${portal.url}/admin/certifications`);
    const queue = page.getByRole('table', { name: text(locale, 'Queue') });
    const caseLink = queue.getByRole('link', { name: companyName, exact: true });
    await caseLink.waitFor({ timeout: 30_000 });
    await expectNothingRan(page, breaches);

    await caseLink.click();
    await page
      .getByRole('heading', { level: 3, name: text(locale, 'Decision') })
      .waitFor({ timeout: 30_000 });
    await page.getByText(STORED.firstName, { exact: false }).first().waitFor({ timeout: 30_000 });
    await expectNothingRan(page, breaches);
    for (const literal of [STORED.productDescription, STORED.residenceAddress, STORED.otherNote])
      await visible(page, literal);
  });
});
