// The Person form (spec §3) for the director, a beneficiary, the senior managing official or the
// authorizer, under `prefix` of the step's form ('' for a form that is one person).
import { useLingui } from '@lingui/react/macro';
import {
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
  Input,
} from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import { CertificationFileKinds } from '../../../../contract/api/certification';
import { AREA_CODES, Limits } from '../../../../contract/limits';
import { DOCUMENT_TYPES } from '../../../../contract/options';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { DOCUMENT_TYPE_LABELS } from '../labels';
import { FormUpload, useBind, useCountryOptions, type StepForm } from './formFields';

export function emptyPerson(shareholdingRatio: number | '' = '') {
  return {
    nationality: '',
    document: { type: 'idCard', number: '', frontFileId: '', backFileId: '' },
    surnameChinese: '',
    givenNameChinese: '',
    surnameEnglish: '',
    givenNameEnglish: '',
    residenceAddress: '',
    mobileAreaCode: '',
    mobile: '',
    shareholdingRatio,
    proofOfAddressFileId: '',
  };
}

export function PersonFields({
  form,
  prefix,
  transport,
  title,
}: {
  form: StepForm;
  prefix: string;
  transport: UploadTransport;
  title: string;
}) {
  const { t, i18n } = useLingui();
  const bind = useBind(form);
  const countries = useCountryOptions();
  const at = (path: string) => (prefix ? `${prefix}.${path}` : path);
  const values = form.getValues() as Record<string, unknown>;
  const person = (
    prefix ? prefix.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], values) : values
  ) as {
    document?: { type?: string };
  };
  const documentType = person?.document?.type === 'passport' ? 'passport' : 'idCard';
  const name = Limits.text.personName;

  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <NativeSelect label={t`Nationality / region`} data={countries} {...bind(at('nationality'))} />
      <Input.Wrapper label={t`Document type`}>
        <SegmentedControl
          mt={4}
          aria-label={t`Document type`}
          data={DOCUMENT_TYPES.map((value) => ({ value, label: i18n._(DOCUMENT_TYPE_LABELS[value]) }))}
          value={documentType}
          onChange={(value) => form.setFieldValue(at('document.type'), value)}
        />
      </Input.Wrapper>
      <TextInput label={t`Document number`} {...bind(at('document.number'))} />
      {documentType === 'idCard' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormUpload
            form={form}
            path={at('document.frontFileId')}
            label={t`Identity card, front`}
            kind={CertificationFileKinds.idFront}
            transport={transport}
          />
          <FormUpload
            form={form}
            path={at('document.backFileId')}
            label={t`Identity card, back`}
            kind={CertificationFileKinds.idBack}
            transport={transport}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormUpload
            form={form}
            path={at('document.photoPageFileId')}
            label={t`Passport photo page`}
            kind={CertificationFileKinds.passportPhotoPage}
            transport={transport}
          />
          <FormUpload
            form={form}
            path={at('document.signaturePageFileId')}
            label={t`Passport signature page`}
            kind={CertificationFileKinds.passportSignaturePage}
            transport={transport}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`Surname (Chinese)`} maxLength={name} {...bind(at('surnameChinese'))} />
        <TextInput label={t`Given name (Chinese)`} maxLength={name} {...bind(at('givenNameChinese'))} />
        <TextInput label={t`Surname (English)`} maxLength={name} {...bind(at('surnameEnglish'))} />
        <TextInput label={t`Given name (English)`} maxLength={name} {...bind(at('givenNameEnglish'))} />
      </SimpleGrid>
      <TextInput
        label={t`Residence address`}
        maxLength={Limits.text.address}
        {...bind(at('residenceAddress'))}
      />
      <Group grow align="flex-start">
        <NativeSelect
          label={t`Area code`}
          data={[
            { value: '', label: t`Please select` },
            ...AREA_CODES.map((value) => ({ value, label: value })),
          ]}
          {...bind(at('mobileAreaCode'))}
        />
        <TextInput label={t`Mobile number`} autoComplete="off" {...bind(at('mobile'))} />
      </Group>
      <NumberInput
        label={t`Shareholding ratio (%)`}
        min={0}
        max={100}
        decimalScale={2}
        {...bind(at('shareholdingRatio'))}
      />
      <FormUpload
        form={form}
        path={at('proofOfAddressFileId')}
        label={t`Proof of address`}
        kind={CertificationFileKinds.proofOfAddress}
        transport={transport}
      />
    </Stack>
  );
}
