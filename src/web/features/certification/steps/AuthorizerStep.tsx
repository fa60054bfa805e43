// Step 6 (spec §2; docs/product-rules.md "Authorizer step"): same as the director, same as a beneficiary,
// or none of these → the person, the signed authorization letter (template download), proof of
// address, and the QR face verification (issue 6's chart, a child of the wizard's chart).
import { QrVerificationDialog, type QrVerificationActorRef } from '../../verification/QrVerificationDialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Radio, Stack } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Radio.css';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  authorizerChoicesFor,
  declaredBeneficiaryCount,
} from '../../../../../machines/certification.machine';
import {
  authorizerSchema,
  CertificationFileKinds,
  CertificationPaths,
} from '../../../../contract/api/certification';
import { DEFAULT_PREFIX } from '../../../api/client';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { useFieldError } from '../fieldMessages';
import { AUTHORIZER_CHOICE_LABELS } from '../labels';
import { useBranchTag } from '../useBranchTag';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { FormUpload } from './formFields';
import { emptyPerson, PersonFields } from './PersonFields';
import { StepNav } from './StepNav';

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

export function AuthorizerStep({
  actor,
  transport,
  downloadTemplate,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
  downloadTemplate: () => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError();
  // What the step asks for after its choice is a state of the wizard's branches chart; the lists
  // (the choices, the declared beneficiaries) are selectors over the chart's draft.
  const beneficiaries = useSelector(actor, (s) => declaredBeneficiaryCount(s.context));
  const asksWhichBeneficiary = useBranchTag(actor, 'authorizerWhichBeneficiary');
  const asksOwnPerson = useBranchTag(actor, 'authorizerOwnPerson');
  const verificationId = useSelector(actor, (s) => s.context.verificationId);
  const verified = verificationId !== null;
  const referred = useSelector(actor, (s) => s.context.verificationReferred);
  const verifying = useSelector(actor, (s) => s.hasTag('verifying'));
  // The QR verification runs as the wizard's child; its dialog shows while it runs.
  const qrChild = useSelector(actor, (s) => s.children.qrVerification as QrVerificationActorRef | undefined);
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'uploadAuthorizerInfo',
    schema: authorizerSchema,
    initialValues: {
      choice: '',
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the form's field type
      beneficiaryIndex: '' as number | '',
      person: emptyPerson(0),
      authorizationLetterFileId: '',
      verificationSessionId: '',
    },
  });
  // The step's schema requires the verified session, but the QR verification reports it to the
  // chart, not to this form: without this a fresh verification could never leave the step.
  useEffect(() => {
    if (verificationId && form.getValues().verificationSessionId !== verificationId)
      form.setFieldValue('verificationSessionId', verificationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verificationId]);
  const values = form.getValues() as { choice: string; beneficiaryIndex: number | '' };
  const choices = useSelector(actor, (s) => authorizerChoicesFor(s.context), sameList);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={760}>
        <Radio.Group
          label={t`The authorizer is`}
          value={values.choice}
          onChange={(value) => form.setFieldValue('choice', value)}
          error={fieldError(form.errors['choice'] as string | undefined)}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((value) => (
              <Radio key={value} value={value} label={i18n._(AUTHORIZER_CHOICE_LABELS[value])} />
            ))}
          </Stack>
        </Radio.Group>
        {asksWhichBeneficiary ? (
          <NativeSelect
            label={t`Which beneficiary`}
            data={[
              { value: '', label: t`Please select` },
              ...Array.from({ length: beneficiaries }, (_, i) => ({
                value: String(i),
                label: t`Beneficiary ${i + 1}`,
              })),
            ]}
            value={values.beneficiaryIndex === '' ? '' : String(values.beneficiaryIndex)}
            onChange={(e) =>
              form.setFieldValue(
                'beneficiaryIndex',
                e.currentTarget.value === '' ? '' : Number(e.currentTarget.value),
              )
            }
            error={fieldError(form.errors['beneficiaryIndex'] as string | undefined)}
          />
        ) : null}
        {asksOwnPerson ? (
          <Stack gap="md">
            <PersonFields form={form} prefix="person" transport={transport} title={t`Authorizer`} />
            <Group gap="xs">
              <Anchor
                href={`${DEFAULT_PREFIX}${CertificationPaths.authorizationLetterTemplate}`}
                onClick={(event) => {
                  event.preventDefault();
                  downloadTemplate();
                }}
              >
                <Trans>Download the authorization letter template</Trans>
              </Anchor>
            </Group>
            <FormUpload
              form={form}
              path="authorizationLetterFileId"
              label={t`Signed authorization letter`}
              kind={CertificationFileKinds.authorizationLetter}
              transport={transport}
            />
            <Group>
              {verified && referred ? (
                <Badge color="blue" size="lg">
                  <Trans>Face verification sent for review</Trans>
                </Badge>
              ) : verified ? (
                <Badge color="green" size="lg">
                  <Trans>Face verification passed</Trans>
                </Badge>
              ) : (
                <Button
                  variant="light"
                  loading={verifying}
                  onClick={() => actor.send({ type: 'user.startVerification' })}
                >
                  <Trans>Verify by scanning the QR code</Trans>
                </Button>
              )}
            </Group>
            {qrChild ? <QrVerificationDialog actor={qrChild} /> : null}
            {form.errors['verificationSessionId'] ? (
              <Alert color="red" role="alert">
                {fieldError(form.errors['verificationSessionId'] as string)}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
