// The back office (docs/architecture.md, issue 8), loaded on demand: one named export per page of the
// route table. A queue page shows a case when the address carries ?case=<uuid>.
import { Trans } from '@lingui/react/macro';
import { Anchor, List } from '@mantine/core';
import { Link, useSearch } from 'wouter';
import {
  AdminMenuKeys,
  CARD_QUEUE_STATUSES,
  CERTIFICATION_QUEUE_STATUSES,
  type CardApplicationQueueItem,
  type CardQueueStatus,
  type CertificationQueueItem,
  type CertificationQueueStatus,
} from '../../../contract/api/admin';
import { BackOfficeAccountsPage } from './accounts/BackOfficeAccountsPage';
import { AdminLayout } from './AdminLayout';
import { adminApi } from './adminApi';
import { AdminPagePaths, CASE_QUERY_KEY } from './adminPaths';
import { CardApplicationCase } from './caseView/CardApplicationCase';
import { CertificationCase } from './caseView/CertificationCase';
import { MachineDiagramsPage } from './machines/MachineDiagramsPage';
import { PartnerLinksPage } from './partnerLinks/PartnerLinksPage';
import { CARD_APPLICATION_COLUMNS, CERTIFICATION_COLUMNS } from './queue/queueColumns';
import { ReviewQueue, type QueueSource } from './queue/ReviewQueue';
import { SupportReplayPage } from './support/SupportReplayPage';

const certificationQueue: QueueSource<CertificationQueueStatus, CertificationQueueItem> = {
  name: 'certifications',
  statuses: CERTIFICATION_QUEUE_STATUSES,
  columns: CERTIFICATION_COLUMNS,
  menuKey: AdminMenuKeys.certificationQueue,
  queuePath: AdminPagePaths.certifications,
  load: (query) => adminApi.certificationQueue(query),
  loadColumns: (menuKey) => adminApi.columnSettings(menuKey),
  saveColumns: (menuKey, fields) => adminApi.saveColumnSettings(menuKey, fields),
};

const cardApplicationQueue: QueueSource<CardQueueStatus, CardApplicationQueueItem> = {
  name: 'cardApplications',
  statuses: CARD_QUEUE_STATUSES,
  columns: CARD_APPLICATION_COLUMNS,
  menuKey: AdminMenuKeys.cardApplicationQueue,
  queuePath: AdminPagePaths.cardApplications,
  load: (query) => adminApi.cardApplicationQueue(query),
  loadColumns: (menuKey) => adminApi.columnSettings(menuKey),
  saveColumns: (menuKey, fields) => adminApi.saveColumnSettings(menuKey, fields),
};

function useCaseId(): string | null {
  return new URLSearchParams(useSearch()).get(CASE_QUERY_KEY);
}

export function AdminHomePage() {
  return (
    <AdminLayout title={<Trans>Back office</Trans>}>
      <List>
        <List.Item>
          <Anchor component={Link} href={AdminPagePaths.certifications}>
            <Trans>Certification reviews</Trans>
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} href={AdminPagePaths.cardApplications}>
            <Trans>Card application reviews</Trans>
          </Anchor>
        </List.Item>
      </List>
    </AdminLayout>
  );
}

export function AdminCertificationQueuePage() {
  const caseId = useCaseId();
  return (
    <AdminLayout title={<Trans>Certification reviews</Trans>} wide={caseId !== null}>
      {caseId ? <CertificationCase caseId={caseId} /> : <ReviewQueue source={certificationQueue} />}
    </AdminLayout>
  );
}

export function AdminCardApplicationQueuePage() {
  const caseId = useCaseId();
  return (
    <AdminLayout title={<Trans>Card application reviews</Trans>} wide={caseId !== null}>
      {caseId ? <CardApplicationCase caseId={caseId} /> : <ReviewQueue source={cardApplicationQueue} />}
    </AdminLayout>
  );
}

export function AdminPartnerLinksPage() {
  return (
    <AdminLayout title={<Trans>Partner links</Trans>}>
      <PartnerLinksPage />
    </AdminLayout>
  );
}

export function AdminMachinesPage() {
  return (
    <AdminLayout title={<Trans>Machine diagrams</Trans>}>
      <MachineDiagramsPage />
    </AdminLayout>
  );
}

export function AdminSupportPage() {
  return (
    <AdminLayout title={<Trans>Support replay</Trans>}>
      <SupportReplayPage />
    </AdminLayout>
  );
}

export function AdminAccountsPage() {
  return (
    <AdminLayout title={<Trans>Back-office accounts</Trans>}>
      <BackOfficeAccountsPage />
    </AdminLayout>
  );
}
