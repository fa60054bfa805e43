// The reviewer's mark beside a field of a card application under revision (issue 21 §1;
// docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): the field was flagged, with the reviewer's comment if any.
// Shown while the revision is open; nothing for a field the reviewer did not flag.
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { reviewerMarkOf } from '../../../../machines/cardApplication.machine';
import type { CardApplicationActor } from './cardApplicationActor';

export function ReviewerMark({ actor, field }: { actor: CardApplicationActor; field: string }) {
  const { t } = useLingui();
  const mark = useSelector(actor, (s) => reviewerMarkOf(s.context.application, field));
  if (!mark) return null;
  const comment = mark.comment;
  return (
    <Alert color="orange" variant="light" p="xs" data-flagged={field}>
      {comment
        ? t`The reviewer asks you to check this field: ${comment}`
        : t`The reviewer asks you to check this field`}
    </Alert>
  );
}
