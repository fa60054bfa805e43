// One wizard step's Mantine form: validated by the step's shared schema, typing forwarded to the
// chart for autosave, the server's problems and the reviewer's flagged fields marked, and a valid
// submit handed to the chart as `step.submit` (docs/style.md: the chart owns the order, the form the fields).
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { CertificationStep, StepValues } from '../../../../machines/certification.machine';
import { flaggedMark } from './fieldMessages';
import type { CertificationActor } from './useCertificationActor';

export function useStepForm<V extends Record<string, unknown>>(options: {
  actor: CertificationActor;
  step: CertificationStep;
  schema: z.ZodType;
  initialValues: V;
}) {
  const { actor, step, schema, initialValues } = options;
  const saved = useSelector(actor, (s) => s.context.draft[step]);
  const problems = useSelector(actor, (s) => s.context.problems);
  const flagged = useSelector(actor, (s) => s.context.review?.flaggedFields ?? []);
  const comments = useSelector(actor, (s) => s.context.review?.fieldComments);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: { ...initialValues, ...(saved as Partial<V>) },
    validate: zod4Resolver(schema),
    onValuesChange: (values) => actor.send({ type: 'user.edit', step, values: values }),
  });

  useEffect(() => {
    const errors: Record<string, string> = {};
    const prefix = `${step}.`;
    for (const field of flagged)
      if (field.startsWith(prefix)) errors[field.slice(prefix.length)] = flaggedMark(comments?.[field]);
    if (problems?.step === step) for (const p of problems.problems) errors[p.path] = p.message;
    if (Object.keys(errors).length > 0) form.setErrors(errors);
    // Marked once when the step opens or the server answers; typing clears a field's mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problems, flagged, comments, step]);

  // Spec §5: a check that blocks the step says "validation failure exists, please complete the
  // required information" (StepNav shows it as an alert) and focus goes to the first invalid field.
  // The count makes each blocked attempt a new alert, so screen readers announce it every time.
  const [blockedAttempt, setBlockedAttempt] = useState(0);
  const hasErrors = Object.keys(form.errors).length > 0;

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    const formElement = event?.currentTarget;
    let blocked = false;
    form.onSubmit(
      (values) => {
        setBlockedAttempt(0);
        const parsed = schema.safeParse(values);
        actor.send({
          type: 'step.submit',
          step,
          values: (parsed.success ? parsed.data : values) as StepValues,
        });
      },
      () => {
        blocked = true;
        setBlockedAttempt((n) => n + 1);
      },
    )(event);
    // After React has drawn the errors: the first field marked invalid, in the page's order.
    if (blocked && formElement) setTimeout(() => focusFirstInvalid(formElement), 0);
  };
  return { form, submit, blocked: hasErrors && blockedAttempt > 0 ? blockedAttempt : 0 };
}

function focusFirstInvalid(formElement: HTMLFormElement) {
  formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
