// The mark beside a claim row in the reviewer's case view (issue 30): what the document says about
// the value — it agrees, it reads something else (shown), or it could not be read. A mark informs;
// it decides nothing: the reviewer does.
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { DocumentClaim } from '../../../contract/documents/claims';

export function ClaimReadMark({ claim }: { claim: DocumentClaim | undefined }) {
  const { t } = useLingui();
  if (!claim) return null;
  if (claim.verdict === 'equal')
    return (
      <Badge color="green" variant="light" size="sm" data-verdict="equal">
        {t`Document agrees`}
      </Badge>
    );
  if (claim.verdict === 'unreadable')
    return (
      <Badge color="gray" variant="light" size="sm" data-verdict="unreadable">
        {t`Document unreadable here`}
      </Badge>
    );
  const read = claim.read ?? '';
  return (
    <Badge color="red" variant="filled" size="sm" data-verdict="different" style={{ textTransform: 'none' }}>
      {t`Document reads ${read}`}
    </Badge>
  );
}
