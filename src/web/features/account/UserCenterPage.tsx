// /user-center (spec §2, §3): personal info, account info, security info, preferences.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { SessionUser as AccountUser } from '../../../contract/api/accounts';
import { CertificationStatus } from '../../../contract/statuses';
import type { Locale } from '../../../contract/envelope';
import type { AccountsApi } from '../../api/accounts';
import { chooseLocale } from '../../i18n/localeStore';
import { useSessionUser } from '../../session/useSessionUser';
import { PageFrame } from '../../shell/PageFrame';
import { accountsApi } from '../auth/shared/accountsApi';
import { useLocale } from '../auth/shared/messages';
import { authenticationStatus, type AuthenticationStatus } from './userCenter/authenticationStatus';
import { LoginHistory } from './userCenter/LoginHistory';

const AUTH_LABELS: Record<AuthenticationStatus, MessageDescriptor> = {
  notCertified: msg`Not certified`,
  certifying: msg`Certifying`,
  certified: msg`Certified`,
};
const ACCOUNT_STATUS_LABELS: Record<AccountUser['accountStatus'], MessageDescriptor> = {
  inactive: msg`Not activated`,
  active: msg`Active`,
  disabled: msg`Disabled`,
};
const ROLE_LABELS: Record<AccountUser['role'], MessageDescriptor> = {
  applicant: msg`Applicant`,
  reviewer: msg`Reviewer`,
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{children || '—'}</Text>
    </div>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function UserCenterPage({ accounts = accountsApi }: { accounts?: AccountsApi }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const stored = useSessionUser();
  const info = useQuery({ queryKey: ['userInfo'], queryFn: () => accounts.userInfo() });
  const user = info.data || null;
  const email = user?.email ?? stored?.userInfo.email ?? '';
  const certificationStatus =
    user?.enterpriseCertificationStatus ??
    stored?.enterpriseCertificationStatus ??
    CertificationStatus.missing;
  const auditStatus = user?.enterpriseAuditStatus ?? stored?.enterpriseAuditStatus ?? null;
  const operatorId = user?.operatorId ?? stored?.operatorId ?? null;

  const changeLanguage = (language: Locale) => {
    // The server keeps the choice for its mails; the page switches at once.
    void accounts.savePreferences(language);
    chooseLocale(language);
  };

  return (
    <PageFrame title={<Trans>User center</Trans>}>
      <Section title={<Trans>Personal information</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={t`First name`}>{user?.firstName}</Field>
          <Field label={t`Last name`}>{user?.lastName}</Field>
          <Field label={t`Email`}>{email}</Field>
          <Field label={t`Phone`}>{user?.phone ? `${user.phoneAreaCode ?? ''} ${user.phone}` : ''}</Field>
        </SimpleGrid>
      </Section>
      <Section title={<Trans>Account information</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={t`Account name (ID)`}>{user ? `${email} (${user.userId})` : email}</Field>
          <Field label={t`Account status`}>
            {user ? i18n._(ACCOUNT_STATUS_LABELS[user.accountStatus]) : ''}
          </Field>
          <Field label={t`Role`}>{user ? i18n._(ROLE_LABELS[user.role]) : ''}</Field>
          {operatorId ? <Field label={t`Operator ID`}>{operatorId}</Field> : null}
          <Field label={t`Authentication status`}>
            {i18n._(AUTH_LABELS[authenticationStatus(certificationStatus, auditStatus)])}
          </Field>
        </SimpleGrid>
      </Section>
      <Section title={<Trans>Security information</Trans>}>
        <Stack>
          <Anchor component={Link} href="/modify-pwd" w="fit-content">
            <Trans>Change password</Trans>
          </Anchor>
          <Title order={3} size="h5">
            <Trans>Login history</Trans>
          </Title>
          <LoginHistory accounts={accounts} />
        </Stack>
      </Section>
      <Section title={<Trans>Preferences</Trans>}>
        <NativeSelect
          label={t`Preferred language`}
          maw={260}
          value={locale}
          data={[
            { value: 'zh-cn', label: '中文' },
            { value: 'en-us', label: 'English' },
          ]}
          onChange={(event) => changeLanguage(event.currentTarget.value as Locale)}
        />
      </Section>
    </PageFrame>
  );
}
