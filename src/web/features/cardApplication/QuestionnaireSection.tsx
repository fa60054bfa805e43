// The questionnaire on source of funds and payment purpose (spec §2, §5, §8): questions from the
// API in the user's language, every required one answered before submit; when it cannot be loaded,
// "Questionnaire fetch failed: service abnormal, please try later" with a retry.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Textarea, Title } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useSelector } from '@xstate/react';
import { unansweredQuestions } from '../../../../machines/cardApplication.machine';
import type { Question } from '../../../contract/api/card';
import { messageFor } from '../../../contract/codes';
import type { Locale } from '../../../contract/envelope';
import type { CardApplicationActor } from './cardApplicationActor';
import { ReviewerMark } from './ReviewerMark';
import { StepActions } from './StepActions';

function QuestionField({
  actor,
  question,
  showMissing,
}: {
  actor: CardApplicationActor;
  question: Question;
  showMissing: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const answer = useSelector(actor, (s) => s.context.answers[question.id]);
  const readOnly = useSelector(
    actor,
    (s) => !s.can({ type: 'user.answer', questionId: question.id, answer: '' }),
  );
  const label = question.title[locale];
  const description = question.hint?.[locale];
  const error = showMissing ? t`Please answer this question` : undefined;
  const send = (value: string | string[]) =>
    actor.send({ type: 'user.answer', questionId: question.id, answer: value });

  if (question.kind === 'text') {
    return (
      <Textarea
        label={label}
        description={description}
        required={question.required}
        error={error}
        readOnly={readOnly}
        maxLength={question.maxLength ?? undefined}
        value={typeof answer === 'string' ? answer : ''}
        onChange={(event) => send(event.currentTarget.value)}
      />
    );
  }
  if (question.kind === 'singleChoice') {
    return (
      <Radio.Group
        label={label}
        description={description}
        withAsterisk={question.required}
        error={error}
        value={typeof answer === 'string' ? answer : ''}
        onChange={send}
      >
        <Stack gap={6} mt="xs">
          {question.options.map((option) => (
            <Radio key={option.id} value={option.id} label={option.label[locale]} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk={question.required}
      error={error}
      value={Array.isArray(answer) ? answer : []}
      onChange={send}
    >
      <Stack gap={6} mt="xs">
        {question.options.map((option) => (
          <Checkbox key={option.id} value={option.id} label={option.label[locale]} disabled={readOnly} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function QuestionnaireSection({ actor }: { actor: CardApplicationActor }) {
  const { t, i18n } = useLingui();
  const questionnaire = useSelector(actor, (s) => s.context.questionnaire);
  const loading = useSelector(actor, (s) => s.matches({ editing: { questionnaire: 'loadingQuestions' } }));
  const failed = useSelector(actor, (s) => s.matches({ editing: { questionnaire: 'fetchFailed' } }));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const missing = useSelector(actor, (s) =>
    s.context.message === 'questionnaireRequired'
      ? unansweredQuestions(s.context.questionnaire, s.context.answers)
      : [],
  );

  return (
    <section aria-label={t`Questionnaire`}>
      <Stack gap="md">
        <Title order={2}>
          <Trans>Questionnaire on source of funds and payment purpose</Trans>
        </Title>
        {loading ? <Loader aria-label={t`Loading questionnaire`} /> : null}
        {failed ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {messageFor('questionnaireFetchFailed', i18n.locale as Locale)}
              <Button size="xs" variant="white" onClick={() => actor.send({ type: 'user.retry' })}>
                <Trans>Retry</Trans>
              </Button>
            </Group>
          </Alert>
        ) : null}
        {!loading && !failed && questionnaire
          ? questionnaire.questions.map((question) => (
              <Stack key={question.id} gap={4}>
                <QuestionField
                  actor={actor}
                  question={question}
                  showMissing={missing.includes(question.id)}
                />
                <ReviewerMark actor={actor} field={`questionnaire.${question.id}`} />
              </Stack>
            ))
          : null}
        <StepActions
          actor={actor}
          forward={
            <Button
              disabled={!canSubmit}
              loading={submitting}
              onClick={() => actor.send({ type: 'user.submit' })}
            >
              <Trans>Submit application</Trans>
            </Button>
          }
        />
      </Stack>
    </section>
  );
}
