// The access rules of spec §2 (with docs/product-rules.md's mobile exemption) as a table:
// path × desktop/mobile × logged in/out × certification and audit status.
// The path lists below are copied from the spec, not read from the route table, so a wrong flag
// in the table fails here.
import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessContext, type AccessDecision } from '../../src/web/shell/accessRules';
import { allRoutes } from '../../src/web/shell/routes';

const PUBLIC = ['/register', '/activateAccount', '/forgot', '/resetPassword', '/serviceAgreement'];
const MOBILE_ONLY = [
  '/identityVerification/home',
  '/identityVerification/termsAndPrivacy',
  '/identityVerification/agreementDetail',
  '/identityVerification/verificationResultPage',
];
const PRIVATE = [
  '/gateway',
  '/user-center',
  '/modify-pwd',
  '/404',
  '/issuingCardApplication/issuingCardApplicationIndex',
  '/issuingCardApplication/selectBusinessPurpose',
  '/issuingCardApplication/uploadRelevantInfo',
];
/** The back office (issue 8): reviewers only. */
const BACK_OFFICE = [
  '/admin',
  '/admin/certifications',
  '/admin/cardApplications',
  '/admin/partnerLinks',
  '/admin/machines',
  '/admin/support',
  '/admin/accounts',
];
/** Account pages both roles use. */
const SHARED = ['/404', '/modify-pwd'];
const CERTIFICATION = [
  '/enterpriseCertification/enterpriseCertificationIndex',
  '/enterpriseCertification/selectLocationCompany',
  '/enterpriseCertification/completeCompanyInfo',
  '/enterpriseCertification/uploadEquityStructureChart',
  '/enterpriseCertification/uploadLegalPersonInfo',
  '/enterpriseCertification/uploadBeneficiaryInfo',
  '/enterpriseCertification/uploadAuthorizerInfo',
  '/enterpriseCertification/uploadOtherInfo',
];
const UNKNOWN = ['/nope', '/gateway/extra', '/enterpriseCertification/unknownStep'];

/** [certification status, audit status, may enter certification] — docs/product-rules.md status table. */
const STATUSES: Array<[number, number | null, boolean]> = [
  [-1, null, false],
  [0, null, true],
  [0, 0, true],
  [1, 1, false],
  [1, 3, true],
  [2, 2, false],
];

const RENDER: AccessDecision = { kind: 'render' };
const to = (path: string): AccessDecision => ({ kind: 'redirect', to: path });

function ctx(isMobile: boolean, isLoggedIn: boolean, status = 0, audit: number | null = null): AccessContext {
  return { isMobile, isLoggedIn, certificationStatus: status, auditStatus: audit };
}

function reviewerCtx(isMobile: boolean, isLoggedIn: boolean): AccessContext {
  return { ...ctx(isMobile, isLoggedIn, -1, null), role: 'reviewer' };
}

type Row = [path: string, context: AccessContext, expected: AccessDecision];
const rows: Row[] = [];

for (const [status, audit, mayEnter] of STATUSES) {
  for (const loggedIn of [false, true]) {
    const desktop = ctx(false, loggedIn, status, audit);
    const mobile = ctx(true, loggedIn, status, audit);

    // "/" redirects to /gateway; on a phone it goes to the hand-off page.
    rows.push(['/', desktop, to('/gateway')], ['/', mobile, to('/mobileTransfer')]);
    // /login: public; a logged-in visitor goes to /.
    rows.push(['/login', desktop, loggedIn ? to('/') : RENDER], ['/login', mobile, to('/mobileTransfer')]);
    for (const path of PUBLIC) {
      rows.push([path, desktop, RENDER], [path, mobile, to('/mobileTransfer')]);
    }
    // Mobile-only: render on phones, signed in or not; desktop goes to /.
    for (const path of MOBILE_ONLY) {
      rows.push([path, mobile, RENDER], [path, desktop, to('/')]);
    }
    rows.push(['/identityVerification', mobile, to('/identityVerification/home')]);
    rows.push(['/identityVerification', desktop, to('/')]);
    // The hand-off page renders on a phone signed in or not; on a desktop it needs a login.
    rows.push(
      ['/mobileTransfer', mobile, RENDER],
      ['/mobileTransfer', desktop, loggedIn ? RENDER : to('/login')],
    );
    for (const path of PRIVATE) {
      rows.push([path, desktop, loggedIn ? RENDER : to('/login')], [path, mobile, to('/mobileTransfer')]);
    }
    rows.push([
      '/issuingCardApplication',
      desktop,
      loggedIn ? to('/issuingCardApplication/issuingCardApplicationIndex') : to('/login'),
    ]);
    for (const path of CERTIFICATION) {
      const expected = !loggedIn ? to('/login') : mayEnter ? RENDER : to('/');
      rows.push([path, desktop, expected], [path, mobile, to('/mobileTransfer')]);
    }
    rows.push([
      '/enterpriseCertification',
      desktop,
      !loggedIn
        ? to('/login')
        : mayEnter
          ? to('/enterpriseCertification/enterpriseCertificationIndex')
          : to('/'),
    ]);
    // The back office: an applicant (role missing or 'applicant') never reaches it and learns nothing.
    for (const path of BACK_OFFICE) {
      const applicant = { ...desktop, role: 'applicant' as const };
      rows.push([path, desktop, loggedIn ? to('/404') : to('/login')], [path, mobile, to('/mobileTransfer')]);
      rows.push([path, applicant, loggedIn ? to('/404') : to('/login')]);
    }
    // Unknown paths: /404 when logged in, /login when not; on a phone, the hand-off page.
    for (const path of UNKNOWN) {
      rows.push([path, desktop, loggedIn ? to('/404') : to('/login')], [path, mobile, to('/mobileTransfer')]);
    }
  }
}

// Reviewers (issue 8): the back office renders; they land there, never on the applicant gateway;
// every applicant page sends them back to it; account pages stay theirs too.
for (const loggedIn of [false, true]) {
  const desktop = reviewerCtx(false, loggedIn);
  const mobile = reviewerCtx(true, loggedIn);
  for (const path of BACK_OFFICE) {
    rows.push([path, desktop, loggedIn ? RENDER : to('/login')], [path, mobile, to('/mobileTransfer')]);
  }
  rows.push(['/', desktop, loggedIn ? to('/admin') : to('/gateway')]);
  rows.push(['/login', desktop, loggedIn ? to('/') : RENDER]);
  for (const path of [
    ...PRIVATE.filter((p) => !SHARED.includes(p)),
    ...CERTIFICATION,
    '/issuingCardApplication',
  ]) {
    rows.push([path, desktop, loggedIn ? to('/admin') : to('/login')], [path, mobile, to('/mobileTransfer')]);
  }
  for (const path of SHARED) rows.push([path, desktop, loggedIn ? RENDER : to('/login')]);
  for (const path of PUBLIC) rows.push([path, desktop, RENDER]);
}

describe('access rules (spec §2)', () => {
  it.each(rows.map(([path, c, expected]) => [path, JSON.stringify(c), expected, c] as const))(
    '%s with %s',
    (path, _label, expected, context) => {
      expect(decideAccess(path, context)).toEqual(expected);
    },
  );

  it('covers every route of the route table', () => {
    const covered = new Set(rows.map(([path]) => path));
    const missing = allRoutes()
      .map((r) => r.path)
      .filter((p) => !covered.has(p));
    expect(missing).toEqual([]);
  });

  it('ignores a trailing slash and the query string', () => {
    expect(decideAccess('/gateway/?businessInfo=x', ctx(false, true))).toEqual(RENDER);
    expect(decideAccess('/user-center/', ctx(false, false))).toEqual(to('/login'));
  });

  it('following the redirects always ends on a page that renders, in a few steps', () => {
    const paths = [...new Set([...rows.map(([p]) => p), ...allRoutes().map((r) => r.path)])];
    // Where a reviewer ends up matters as much as that it ends.
    const landing = (start: string) => {
      let current = start;
      for (
        let d = decideAccess(current, reviewerCtx(false, true));
        d.kind === 'redirect';
        d = decideAccess(current, reviewerCtx(false, true))
      )
        current = d.to;
      return current;
    };
    expect(landing('/login')).toBe('/admin');
    expect(landing('/gateway')).toBe('/admin');
    for (const path of paths) {
      for (const [status, audit] of STATUSES) {
        const contexts = [true, false].flatMap((m) =>
          [true, false].flatMap((l) => [
            ctx(m, l, status, audit),
            { ...ctx(m, l, status, audit), role: 'reviewer' as const },
          ]),
        );
        for (const c of contexts) {
          let current = path;
          let steps = 0;
          for (let d = decideAccess(current, c); d.kind === 'redirect'; d = decideAccess(current, c)) {
            current = d.to;
            steps += 1;
            expect(steps, `${path} ${JSON.stringify(c)} loops`).toBeLessThanOrEqual(3);
          }
        }
      }
    }
  });
});
