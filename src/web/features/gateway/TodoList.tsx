// The gateway's to-do list (spec §1): each item says what to do and links to where it is done.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, EmptyState, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { todoItems, type AccountState, type TodoItem } from './todoItems';

function TodoText({ item }: { item: TodoItem }) {
  switch (item.kind) {
    case 'startCertification':
      return <Trans>Complete enterprise certification</Trans>;
    case 'continueCertification':
      return <Trans>Continue enterprise certification</Trans>;
    case 'fixCertification':
      return <Trans>Certification review failed: process immediately</Trans>;
    case 'startCardApplication':
      return <Trans>Apply for the card-issuing business</Trans>;
    case 'continueCardApplication':
      return <Trans>Continue your saved card application</Trans>;
    case 'fixCardApplication':
      return <Trans>Card application rejected: fix it and re-apply</Trans>;
    case 'reviseCardApplication':
      return <Trans>Card application: revise the marked fields and submit again</Trans>;
  }
}

export function TodoList({ state, loading }: { state: AccountState; loading: boolean }) {
  const { t } = useLingui();
  const items = todoItems(state);
  return (
    <Paper withBorder p="md" component="section" aria-label={t`To-do list`}>
      <Stack gap="sm">
        <Title order={2}>
          <Trans>To-do</Trans>
        </Title>
        {loading ? <Loader size="sm" aria-label={t`Loading to-do list`} /> : null}
        {!loading && items.length === 0 ? (
          <EmptyState
            title={<Trans>Nothing to do</Trans>}
            description={<Trans>You are all set for now.</Trans>}
          />
        ) : null}
        {!loading && items.length > 0 ? (
          <List spacing="xs">
            {items.map((item) => (
              <List.Item key={item.kind}>
                <Group gap="xs">
                  <Anchor component={Link} href={item.href}>
                    <TodoText item={item} />
                  </Anchor>
                  {item.reason ? (
                    <Text size="sm" c="red">
                      <Trans>Reason: {item.reason}</Trans>
                    </Text>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
