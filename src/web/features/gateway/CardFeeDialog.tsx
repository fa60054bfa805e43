// Card fee details (spec §1): a dialog with the fee table from gatewayContent.ts.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { LazyModal } from '../../AppModal';
import { CARD_FEES } from './gatewayContent';

export function CardFeeDialog() {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" onClick={() => setOpened(true)}>
        <Trans>Card fee details</Trans>
      </Button>
      <LazyModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Card fee details`}
        size="lg"
        centered
      >
        <Table striped aria-label={t`Card fees`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Item</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Fee</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CARD_FEES.map((row) => (
              <Table.Tr key={row.item.id}>
                <Table.Td>{i18n._(row.item)}</Table.Td>
                <Table.Td>{i18n._(row.fee)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </LazyModal>
    </>
  );
}
