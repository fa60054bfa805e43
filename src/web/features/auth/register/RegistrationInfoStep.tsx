// Stage 1: registration info (spec §3) validated by the shared schema, the service agreement and
// the slider. A valid form is handed to the chart, which insists on the slider.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { RegistrationInfo } from '../../../../../machines/registration.machine';
import { AREA_CODES } from '../../../../contract/limits';
import { COMPANY_LOCATIONS, COMPANY_POSITIONS } from '../../../../contract/options';
import { registrationInfoSchema } from '../../../../contract/schemas/registrationInfo';
import { SliderCaptcha, type CaptchaActorRef } from '../../captcha/SliderCaptcha';
import { useFieldError } from '../shared/messages';
import { PasswordAdvice } from '../shared/PasswordAdvice';
import { LOCATION_LABELS, POSITION_LABELS } from './optionLabels';

// A type alias (not an interface) so it fits the resolver's Record<string, unknown>.
type FormValues = {
  firstName: string;
  lastName: string;
  location: string;
  companyName: string;
  position: string;
  email: string;
  phoneAreaCode: string;
  phone: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  serviceAgreement: boolean;
};

export function RegistrationInfoStep({
  initial,
  invitationCode,
  captcha,
  onSubmit,
  onDraft,
}: {
  /** What the chart holds, or (after a refresh) the tab's draft, which has no password. */
  initial: Partial<RegistrationInfo> | null;
  invitationCode: string;
  captcha: CaptchaActorRef;
  onSubmit: (info: RegistrationInfo) => void;
  /** Every change of the fields, for the draft a refresh restores (registrationDraft.ts). */
  onDraft?: (values: Record<string, unknown>) => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      location: initial?.location ?? '',
      companyName: initial?.companyName ?? '',
      position: initial?.position ?? '',
      email: initial?.email ?? '',
      phoneAreaCode: initial?.phoneAreaCode ?? '',
      phone: initial?.phone ?? '',
      password: '',
      confirmPassword: '',
      invitationCode: initial?.invitationCode ?? invitationCode,
      serviceAgreement: initial?.serviceAgreement ?? false,
    },
    validate: zod4Resolver(registrationInfoSchema),
    onValuesChange: (values) => onDraft?.(values),
  });
  // React takes `key` only as its own attribute, never spread in: each field passes form.key() itself.
  const input = <K extends keyof FormValues>(name: K) => ({
    ...form.getInputProps(name),
    error: fieldError(form.errors[name]),
  });
  const placeholder = { value: '', label: t`Please select` };

  const submit = form.onSubmit((values) => {
    // The schema trims and normalises; the chart keeps what the server will receive.
    const parsed = registrationInfoSchema.parse(values);
    onSubmit({
      firstName: parsed.firstName,
      lastName: parsed.lastName,
      location: parsed.location,
      companyName: parsed.companyName,
      position: parsed.position,
      email: parsed.email,
      phoneAreaCode: parsed.phoneAreaCode || null,
      phone: parsed.phone || null,
      password: parsed.password,
      invitationCode: parsed.invitationCode || null,
      serviceAgreement: true,
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack maw={640} gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Legal first name`}
            autoComplete="given-name"
            key={form.key('firstName')}
            {...input('firstName')}
          />
          <TextInput
            label={t`Legal last name`}
            autoComplete="family-name"
            key={form.key('lastName')}
            {...input('lastName')}
          />
        </SimpleGrid>
        <NativeSelect
          label={t`Company location`}
          data={[
            placeholder,
            ...COMPANY_LOCATIONS.map((value) => ({ value, label: i18n._(LOCATION_LABELS[value]) })),
          ]}
          key={form.key('location')}
          {...input('location')}
        />
        <TextInput
          label={t`Company name`}
          autoComplete="organization"
          key={form.key('companyName')}
          {...input('companyName')}
        />
        <NativeSelect
          label={t`Company position`}
          data={[
            placeholder,
            ...COMPANY_POSITIONS.map((value) => ({ value, label: i18n._(POSITION_LABELS[value]) })),
          ]}
          key={form.key('position')}
          {...input('position')}
        />
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="email"
          key={form.key('email')}
          {...input('email')}
        />
        <Group align="flex-start" grow>
          <NativeSelect
            label={t`Area code`}
            data={[{ value: '', label: t`None` }, ...AREA_CODES.map((value) => ({ value, label: value }))]}
            key={form.key('phoneAreaCode')}
            {...input('phoneAreaCode')}
          />
          <TextInput
            label={t`Mobile number (optional)`}
            autoComplete="tel-national"
            key={form.key('phone')}
            {...input('phone')}
          />
        </Group>
        <PasswordInput
          label={t`Password`}
          autoComplete="new-password"
          key={form.key('password')}
          {...input('password')}
        />
        <PasswordInput
          label={t`Confirm password`}
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...input('confirmPassword')}
        />
        <PasswordAdvice />
        <TextInput
          label={t`Invitation code (optional)`}
          key={form.key('invitationCode')}
          {...input('invitationCode')}
        />
        <Checkbox
          label={
            <Text size="sm" span>
              <Trans>
                I have read and accept the{' '}
                <Anchor href="/serviceAgreement" target="_blank" rel="noopener">
                  service agreement
                </Anchor>
              </Trans>
            </Text>
          }
          key={form.key('serviceAgreement')}
          {...form.getInputProps('serviceAgreement', { type: 'checkbox' })}
          error={fieldError(form.errors.serviceAgreement)}
        />
        <SliderCaptcha actorRef={captcha} />
        <Button type="submit">
          <Trans>Next</Trans>
        </Button>
      </Stack>
    </form>
  );
}
