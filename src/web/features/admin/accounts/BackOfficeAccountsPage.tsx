// Back-office accounts (issue 21 §4): an admin creates an account (it gets a set-password mail),
// ticks its roles, and disables or enables it. Every control is a native input or button, so the
// page works from the keyboard; refusals are said inline in the page's language.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { BackOfficeAccountLimits, type BackOfficeAccount } from '../../../../contract/api/backOfficeAccounts';
import {
  BACK_OFFICE_ROLES,
  isBackOfficeRole,
  type BackOfficeRole,
} from '../../../../contract/api/backOfficeRoles';
import { messageFor } from '../../../../contract/codes';
import { formatPersonName } from '../../../../contract/personName';
import { useLocale } from '../../auth/shared/messages';
import { accountsApi } from './accountsApi';
import { ROLE_LABELS } from './roleLabels';

function RoleBoxes({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly BackOfficeRole[];
  onChange: (roles: BackOfficeRole[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Checkbox.Group
      label={label}
      value={[...value]}
      onChange={(roles) => onChange(roles.filter(isBackOfficeRole))}
    >
      <Group gap="sm" mt={4}>
        {BACK_OFFICE_ROLES.map((role) => (
          <Checkbox key={role} value={role} label={i18n._(ROLE_LABELS[role])} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

export function BackOfficeAccountsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [language, setLanguage] = useState<'zh-cn' | 'en-us'>(locale);
  const [roles, setRoles] = useState<BackOfficeRole[]>(['reviewer']);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const accounts = useQuery({
    queryKey: ['adminAccounts', page],
    queryFn: () => accountsApi.list(page, BackOfficeAccountLimits.pageSizeDefault),
  });

  const said = (outcome: ApiOutcome<BackOfficeAccount>): boolean => {
    if (outcome.kind === 'ok') {
      setProblem(null);
      void accounts.refetch();
      return true;
    }
    setNotice(null);
    setProblem(
      outcome.code === 'validationFailed'
        ? t`Please check the email address, both names and pick at least one role.`
        : messageFor(outcome.code, locale),
    );
    return false;
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const made = await accountsApi.create({ email, firstName, lastName, language, roles });
    if (said(made)) {
      setNotice(t`Account created for ${email.trim()}; a mail to set the password is on its way.`);
      setEmail('');
      setFirstName('');
      setLastName('');
      setRoles(['reviewer']);
    }
  };

  const data = accounts.data || null;
  return (
    <Stack gap="md">
      <form noValidate onSubmit={(event) => void create(event)} aria-labelledby="new-account-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-account-title">
            <Trans>New back-office account</Trans>
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t`Email`}
              type="email"
              required
              maxLength={BackOfficeAccountLimits.emailMaxLength}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <TextInput
              label={t`First name`}
              required
              maxLength={BackOfficeAccountLimits.nameMaxLength}
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
            />
            <TextInput
              label={t`Last name`}
              required
              maxLength={BackOfficeAccountLimits.nameMaxLength}
              value={lastName}
              onChange={(event) => setLastName(event.currentTarget.value)}
            />
            <NativeSelect
              label={t`Mail language`}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value === 'en-us' ? 'en-us' : 'zh-cn')}
              data={[
                { value: 'zh-cn', label: '简体中文' },
                { value: 'en-us', label: 'English' },
              ]}
            />
          </Group>
          <RoleBoxes label={t`Roles`} value={roles} onChange={setRoles} />
          <Group>
            <Button type="submit">
              <Trans>Create account</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      {problem ? (
        <Alert role="alert" color="red" variant="light">
          {problem}
        </Alert>
      ) : null}
      {notice ? (
        <Alert role="status" color="green" variant="light">
          {notice}
        </Alert>
      ) : null}
      {accounts.data === false || accounts.isError ? (
        <Alert role="alert" color="red" variant="light">
          <Trans>The accounts could not be loaded.</Trans>
        </Alert>
      ) : null}
      <Table aria-label={t`Back-office accounts`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Email</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Roles</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.items ?? []).map((account) => (
            <Table.Tr key={account.userId} data-testid={`account-${account.email}`}>
              <Table.Td>{formatPersonName(account)}</Table.Td>
              <Table.Td>{account.email}</Table.Td>
              <Table.Td>
                <RoleBoxes
                  label={t`Roles of ${account.email}`}
                  value={account.roles}
                  onChange={(next) => void accountsApi.setRoles(account.userId, next).then(said)}
                />
              </Table.Td>
              <Table.Td>
                {account.status === 'disabled' ? (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t`Enable ${account.email}`}
                    onClick={() => void accountsApi.enable(account.userId).then(said)}
                  >
                    <Trans>Enable</Trans>
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={t`Disable ${account.email}`}
                    onClick={() => void accountsApi.disable(account.userId).then(said)}
                  >
                    <Trans>Disable</Trans>
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && data.items.length === 0 ? (
        <Text c="dimmed" ta="center">
          <Trans>No back-office accounts yet.</Trans>
        </Text>
      ) : null}
      {data && data.total > data.pageSize ? (
        <Pagination total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
