// The back-office API (src/contract/api/admin.ts) as the pages need it. Decisions and link creation
// are page-handled: their refusals (another reviewer decided first, a taken code) come back as an
// ApiOutcome the page explains inline; a transport failure rejects. Documents come as blobs fetched
// with the session's token, so images and PDFs preview inline from blob: URLs (CSP allows them).
import type { ApiOutcome } from '../../../../machines/accountOutcome';
import type { ReviewDecision } from '../../../../machines/reviewDecision.machine';
import {
  AdminPaths,
  adminPath,
  type CardApplicationCaseView,
  type CardApplicationQueuePage,
  type CertificationCaseView,
  type CertificationQueuePage,
  type CreatePartnerLinkRequest,
  type DecisionResult,
  type FaceOverrideRequest,
  type FaceOverrideResult,
  type PartnerLinkItem,
} from '../../../contract/api/admin';
import type { ColumnSetting } from '../../../contract/api/columnSettings';
import { SupportReferencePaths, type SupportReferenceView } from '../../../contract/api/supportReferences';
import { LANGUAGE_HEADER, languageHeaderFor, type Envelope, type Page } from '../../../contract/envelope';
import { COLUMN_SETTINGS_PATHS, outcomeOf } from '../../api/accounts';
import { api } from '../../api/api';
import type { ApiClient, QueryParams } from '../../api/client';
import { isTransportFailure } from '../../api/transportFailure';
import { getLocale } from '../../i18n/localeStore';
import { readSession } from '../../session/sessionStore';

export type CaseKind = 'certification' | 'cardApplication';

const pageHandled = { isPageHandle: true } as const;

function decisionPath(kind: CaseKind, decision: ReviewDecision['kind']): string {
  if (kind === 'certification') {
    return {
      approve: AdminPaths.certificationApprove,
      reject: AdminPaths.certificationReject,
      requestRevision: AdminPaths.certificationRequestRevision,
      confirmApproval: AdminPaths.certificationConfirmApproval,
      declineApproval: AdminPaths.certificationDeclineApproval,
    }[decision];
  }
  return {
    approve: AdminPaths.cardApplicationApprove,
    reject: AdminPaths.cardApplicationReject,
    requestRevision: AdminPaths.cardApplicationRequestRevision,
    confirmApproval: AdminPaths.cardApplicationConfirmApproval,
    declineApproval: AdminPaths.cardApplicationDeclineApproval,
  }[decision];
}

function decisionBody(version: number, decision: ReviewDecision) {
  if (decision.kind === 'reject' || decision.kind === 'declineApproval')
    return { version, reason: decision.reason.trim() };
  if (decision.kind === 'requestRevision') {
    return { version, fields: [...decision.fields], comment: decision.comment.trim() };
  }
  return { version };
}

/** GET /plat/files/:id as a blob, with the session's token; null when the server refuses. */
export async function fetchDocument(fileId: string): Promise<Blob | null> {
  const token = readSession()?.token;
  const response = await fetch(`/plat/files/${encodeURIComponent(fileId)}`, {
    headers: {
      [LANGUAGE_HEADER]: languageHeaderFor(getLocale()),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) return null;
  return response.blob();
}

export function createAdminApi(client: ApiClient) {
  return {
    /** `query` holds the fields of certificationQueueQuery (see queue/queueFilters.ts). */
    certificationQueue: (query: QueryParams) =>
      client.get<CertificationQueuePage>(AdminPaths.certifications, query),
    /** `query` holds the fields of cardQueueQuery. */
    cardApplicationQueue: (query: QueryParams) =>
      client.get<CardApplicationQueuePage>(AdminPaths.cardApplications, query),
    certificationCase: (id: string) =>
      client.get<CertificationCaseView>(adminPath(AdminPaths.certificationCase, { id })),
    cardApplicationCase: (id: string) =>
      client.get<CardApplicationCaseView>(adminPath(AdminPaths.cardApplicationCase, { id })),
    async decide(
      kind: CaseKind,
      id: string,
      version: number,
      decision: ReviewDecision,
    ): Promise<ApiOutcome<DecisionResult>> {
      const answer: Envelope<DecisionResult> = await client.post<DecisionResult, typeof pageHandled>(
        adminPath(decisionPath(kind, decision.kind), { id }),
        decisionBody(version, decision),
        pageHandled,
      );
      return outcomeOf(answer);
    },
    /** A reviewer's decision on a referred face check (issue 16 §5); refusals are page-handled. */
    async faceOverride(id: string, request: FaceOverrideRequest): Promise<ApiOutcome<FaceOverrideResult>> {
      try {
        return outcomeOf(
          await client.post<FaceOverrideResult, typeof pageHandled>(
            adminPath(AdminPaths.certificationFaceOverride, { id }),
            { decision: request.decision, reason: request.reason.trim() },
            pageHandled,
          ),
        );
      } catch (error) {
        // The form awaits this in its handler: no answer reads as the network message shown inline.
        if (isTransportFailure(error)) return { kind: 'refused', code: 'internal' };
        throw error;
      }
    },
    partnerLinks: (page: number, pageSize: number) =>
      client.get<Page<PartnerLinkItem>>(AdminPaths.partnerLinks, { page, pageSize }),
    async createPartnerLink(request: CreatePartnerLinkRequest): Promise<ApiOutcome<PartnerLinkItem>> {
      try {
        return outcomeOf(
          await client.post<PartnerLinkItem, typeof pageHandled>(
            AdminPaths.partnerLinkCreate,
            request,
            pageHandled,
          ),
        );
      } catch (error) {
        // The page awaits this in a form handler, with no error branch: no answer reads as the
        // network message it shows inline.
        if (isTransportFailure(error)) return { kind: 'refused', code: 'internal' };
        throw error;
      }
    },
    disablePartnerLink: (code: string) =>
      client.post<PartnerLinkItem>(adminPath(AdminPaths.partnerLinkDisable, { code }), {}),
    async columnSettings(menuKey: string): Promise<ColumnSetting[] | null> {
      const answer = await client.post<{ fields: ColumnSetting[] | null }>(COLUMN_SETTINGS_PATHS.list, {
        menuKey,
      });
      return answer ? answer.fields : null;
    },
    saveColumnSettings: (menuKey: string, fields: ColumnSetting[]) =>
      client.post<unknown>(COLUMN_SETTINGS_PATHS.save, { menuKey, fields }),
    /** A snapshot an applicant sent (issue 19 §5); an unknown reference is page-handled (notFound). */
    async supportReference(reference: string): Promise<ApiOutcome<SupportReferenceView>> {
      try {
        return outcomeOf(
          await client.get<SupportReferenceView, typeof pageHandled>(
            SupportReferencePaths.read(reference),
            undefined,
            pageHandled,
          ),
        );
      } catch (error) {
        if (isTransportFailure(error)) return { kind: 'refused', code: 'internal' };
        throw error;
      }
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

/** The running app's back-office API. */
export const adminApi = createAdminApi(api);
