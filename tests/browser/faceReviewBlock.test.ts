// Issue 28 §5–6 and issue 31 in a real Chromium against the real portal: a certification whose
// authorizer's face check is referred cannot be approved. The reviewer sees Approve off with the
// reason, reads the presentation-attack evidence beside the frames and the ID photo (each figure with
// its threshold), goes to the face form, confirms the face, and then proposes the approval; a second
// person with the approver role confirms it, and the case header says "Approved" without a reload.
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BackOfficeRole } from '../../src/contract/api/backOfficeRoles';
import type { FaceAttackEvidence } from '../../src/contract/api/verification';
import { Codes } from '../../src/contract/codes';
import type { Locale } from '../../src/contract/envelope';
import { companies } from '../../src/server/db/schema/index';
import { verificationSessions } from '../../src/server/db/schema/verification';
import { submittedCertification } from '../server/admin/support';
import { axeFindings, formatFindings } from './support/a11yAxe';
import { asTestApp, reviewerSession } from './support/a11ySessions';
import { signInBeforeLoad } from './support/appHandles';
import { text } from './support/catalog';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const LOCALE: Locale = 'en-us';
const t = (source: string) => text(LOCALE, source);

const EVIDENCE: FaceAttackEvidence = {
  challenge: { asked: 'left-up-right', seen: ['left', 'up', 'right'], passed: true },
  planeResidual: { value: 0.0187, threshold: 0.0105, passed: true },
  idReuse: {
    similarity: 0.62,
    similarityThreshold: 0.93,
    hashDistance: 31,
    hashThreshold: 10,
    reused: false,
  },
  antispoof: { score: 0.71, threshold: 0.5, decides: false },
  livenessModel: null,
};

/** A certification submitted through the applicant API whose face check the engine referred. */
async function referredCase(): Promise<{ caseId: string; companyId: string }> {
  const portal = suite.portal();
  const { draft, application } = await submittedCertification(asTestApp(portal), { language: 'zh-cn' });
  const sessionId = (draft.uploadAuthorizerInfo as { verificationSessionId: string }).verificationSessionId;
  await portal.app.db
    .update(verificationSessions)
    .set({ state: 'referred', outcome: 'referred', outcomeReason: 'greyBand', score: 0.58 })
    .where(eq(verificationSessions.id, sessionId));
  // The engine's evidence, written as the engine writes it (the jsonb column, issue 28 §6).
  await portal.app.db.execute(
    sql`update ${verificationSessions} set attack_evidence = ${JSON.stringify(EVIDENCE)}::jsonb where id = ${sessionId}`,
  );
  return { caseId: application.id, companyId: application.companyId };
}

async function openCaseAs(roles: BackOfficeRole[], caseId: string): Promise<Page> {
  const portal = suite.portal();
  const context = await suite.context({ locale: LOCALE });
  await signInBeforeLoad(context, await reviewerSession(portal, LOCALE, roles));
  const page = await suite.page(context);
  await page.goto(`${portal.url}/admin/certifications?case=${caseId}`);
  await page.getByRole('region', { name: t('Document viewer') }).waitFor();
  return page;
}

const button = (page: Page, name: string) => page.getByRole('button', { name: t(name), exact: true });

/** Pages through the viewer (the "next document" key) until the authorizer's ID photo shows the face beside it. */
async function showAuthorizerPhoto(page: Page): Promise<void> {
  const beside = page.getByTestId('face-beside');
  for (let i = 0; i < 20 && !(await beside.isVisible()); i++) {
    const position = await page.getByTestId('document-position').textContent();
    await page.keyboard.press('j');
    await expect.poll(() => page.getByTestId('document-position').textContent()).not.toBe(position);
  }
  await beside.waitFor();
}

/** The text of the attack table's row named `check`, spaces collapsed. */
async function attackRow(page: Page, check: string): Promise<string> {
  const row = page
    .getByRole('table', { name: t('Presentation-attack checks') })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: t(check), exact: true }) });
  return ((await row.textContent()) ?? '').replace(/\s+/g, ' ');
}

describe('a referred face check blocks the approval until a reviewer confirms the face', () => {
  test('the reviewer sees the block and the evidence, confirms the face, proposes; the approver confirms; the header says approved', async () => {
    const portal = suite.portal();
    const { caseId, companyId } = await referredCase();

    // The reviewer: Approve is off and the panel says why, with the server's own words.
    const a = await openCaseAs(['reviewer'], caseId);
    const approve = button(a, 'Approve');
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await a.getByTestId('approval-block').getByText(Codes.faceReviewPending['en-us']).waitFor();
    // The approve key does nothing either.
    await a.locator('body').click({ position: { x: 5, y: 5 } });
    await a.keyboard.press('a');
    expect(await a.getByText(t('Approve this case?'), { exact: true }).count()).toBe(0);

    // The evidence beside the ID photo and the frames: each figure with its threshold.
    await showAuthorizerPhoto(a);
    expect(await attackRow(a, 'Head movement')).toContain('Seen: left → up → right');
    expect(await attackRow(a, 'Head movement')).toContain('Asked: left → up → right');
    expect(await attackRow(a, 'Plane-fit residual (face widths)')).toContain('0.0187≥ 0.0105');
    expect(await attackRow(a, 'ID-photo reuse: similarity')).toContain('0.620Reuse at ≥ 0.930');
    expect(await attackRow(a, 'ID-photo reuse: hash distance')).toContain('31Reuse at ≤ 10');
    expect(await attackRow(a, 'Anti-spoofing model')).toContain('0.710≥ 0.500 (higher is more real)');
    expect(await attackRow(a, 'Liveness model')).toContain(t('Not measured'));
    // The block and the evidence table pass axe like the rest of the case view.
    const findings = await axeFindings(a);
    expect(findings, formatFindings('case view, face referred', findings)).toEqual([]);

    // To the face form, which the block points to; the face is confirmed with a reason.
    await button(a, 'Go to the face check').click();
    const reason = a.getByLabel(t('Reason for the face decision'));
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill('Same person as on the ID card; the head turn shows depth.');
    await button(a, 'Confirm the face').click();
    await a.getByTestId('approval-block').waitFor({ state: 'detached' });
    await expect.poll(() => approve.isDisabled()).toBe(false);

    // Now the approval is proposed as usual.
    await approve.click();
    await a.getByText(t('Approve this case?'), { exact: true }).waitFor();
    await button(a, 'Confirm').click();
    await a
      .getByRole('status')
      .filter({
        hasText: t('Approval proposed. It waits for a second person with the approver role to confirm it.'),
      })
      .waitFor();

    // The approver confirms; the header turns to "Approved" on the same page, no reload.
    const b = await openCaseAs(['approver'], caseId);
    await b.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    expect(await b.getByTestId('case-status').textContent()).toBe(t('Under review'));
    await button(b, 'Confirm approval').click();
    await b.getByText(t('Confirm the approval of this case?'), { exact: true }).waitFor();
    await button(b, 'Confirm').click();
    await b
      .getByRole('status')
      .filter({ hasText: t('Approval confirmed. The applicant is informed by email.') })
      .waitFor();
    await expect.poll(() => b.getByTestId('case-status').textContent()).toBe(t('Approved'));
    expect(await b.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const [company] = await portal.app.db
      .select({ status: companies.certificationStatus })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(company?.status).toBe(2);
  });
});
