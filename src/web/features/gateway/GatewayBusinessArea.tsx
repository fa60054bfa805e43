// The gateway's to-do list and business entries, from one read of the account's state.
import { Stack } from '@mantine/core';
import { BusinessEntries } from './BusinessEntries';
import { TodoList } from './TodoList';
import { useAccountState } from './useAccountState';

export function GatewayBusinessArea() {
  const { state, loading } = useAccountState();
  return (
    <Stack gap="lg">
      <TodoList state={state} loading={loading} />
      <BusinessEntries state={state} loading={loading} />
    </Stack>
  );
}
