// The service agreement (spec §2): static text, in both languages through the catalogs.
import { Trans } from '@lingui/react/macro';
import { List, Text, Title } from '@mantine/core';
import { PageFrame } from '../../shell/PageFrame';

export function ServiceAgreementPage() {
  return (
    <PageFrame title={<Trans>Service agreement</Trans>}>
      <Text>
        <Trans>
          This agreement governs the use of the business portal by your company and by the staff who act for
          it. By registering an account you accept it on behalf of your company.
        </Trans>
      </Text>
      <Title order={2}>
        <Trans>1. Accounts</Trans>
      </Title>
      <List>
        <List.Item>
          <Trans>
            You keep your login details secret and tell us at once if they may have been disclosed.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>You give true, complete and current information about your company and its people.</Trans>
        </List.Item>
      </List>
      <Title order={2}>
        <Trans>2. Certification and card issuing</Trans>
      </Title>
      <Text>
        <Trans>
          We review the documents you submit for enterprise certification and for the card-issuing business,
          and we may ask for more information or decline an application. We tell you the result by email.
        </Trans>
      </Text>
      <Title order={2}>
        <Trans>3. Personal data</Trans>
      </Title>
      <Text>
        <Trans>
          We process personal data of your staff, directors and beneficiaries only to provide the service and
          to meet our legal duties, and we keep it protected.
        </Trans>
      </Text>
    </PageFrame>
  );
}
