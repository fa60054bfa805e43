// Step 2 (spec §3 Company info; docs/product-rules.md "Location-specific company fields"): the fields and
// their labels follow the confirmed location; the schema is the location's member of companyInfoSchema.
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useSelector } from '@xstate/react';
import { CertificationFileKinds } from '../../../../contract/api/certification';
import { Limits } from '../../../../contract/limits';
import { COMPANY_TYPES, INDUSTRY_CATEGORIES, type CompanyLocation } from '../../../../contract/options';
import {
  hongKongCompanyInfoSchema,
  mainlandCompanyInfoSchema,
  singaporeCompanyInfoSchema,
  unitedKingdomCompanyInfoSchema,
  unitedStatesCompanyInfoSchema,
} from '../../../../contract/schemas/companyInfo';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { COMPANY_TYPE_LABELS, INDUSTRY_LABELS } from '../labels';
import { businessLicenseCodeLabel, COMPANY_NUMBER_LABELS } from '../../optionLabels/companyNumberLabels';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { FormUpload, useBind, useCountryOptions } from './formFields';
import { DateField } from '../../../shell/DateField';

/** A form binding of a 'YYYY-MM-DD' string field. */
type DateBinding = { value: string; onChange: (value: string) => void };
import { StepNav } from './StepNav';

const SCHEMA_BY_LOCATION = {
  CN: mainlandCompanyInfoSchema,
  HK: hongKongCompanyInfoSchema,
  SG: singaporeCompanyInfoSchema,
  US: unitedStatesCompanyInfoSchema,
  GB: unitedKingdomCompanyInfoSchema,
} as const;

export function CompanyInfoStep({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const location: CompanyLocation = useSelector(actor, (s) => s.context.location) ?? 'CN';
  const { t, i18n } = useLingui();
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'completeCompanyInfo',
    schema: SCHEMA_BY_LOCATION[location],
    initialValues: {
      location,
      businessLicenseCode: '',
      organizationCode: '',
      companiesRegistryNumber: '',
      acraNumber: '',
      establishmentDate: '',
      companyNameChinese: '',
      companyNameEnglish: '',
      registeredAddressChinese: '',
      registeredAddressEnglish: '',
      postalCode: '',
      companyType: '',
      industry: '',
      website: '',
      productDescription: '',
      businessLicenseFileId: '',
      operatingAddress: { sameAsRegistered: true, address: '', country: '' },
    },
  });
  const bind = useBind(form);
  const countries = useCountryOptions();
  const placeholder = { value: '', label: t`Please select` };
  // One name for the field here and in the back office (optionLabels/companyNumberLabels.ts).
  const licenceLabel = i18n._(businessLicenseCodeLabel(location));
  const sameAsRegistered = (form.getValues().operatingAddress as { sameAsRegistered: boolean })
    .sameAsRegistered;
  const chineseOptional = location !== 'CN';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={licenceLabel} {...bind('businessLicenseCode')} />
          {location === 'CN' ? (
            <TextInput label={t`Organization code (optional)`} {...bind('organizationCode')} />
          ) : null}
          {location === 'HK' ? (
            <TextInput
              label={i18n._(COMPANY_NUMBER_LABELS.companiesRegistryNumber)}
              {...bind('companiesRegistryNumber')}
            />
          ) : null}
          {location === 'SG' ? (
            <TextInput label={i18n._(COMPANY_NUMBER_LABELS.acraNumber)} {...bind('acraNumber')} />
          ) : null}
          <DateField
            label={t`Establishment date`}
            {...(bind('establishmentDate') as ReturnType<typeof bind> & DateBinding)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={chineseOptional ? t`Company name in Chinese (optional)` : t`Company name in Chinese`}
            maxLength={Limits.text.companyName}
            {...bind('companyNameChinese')}
          />
          <TextInput
            label={t`Company name in English`}
            maxLength={Limits.text.companyName}
            {...bind('companyNameEnglish')}
          />
          <TextInput
            label={
              chineseOptional ? t`Registered address in Chinese (optional)` : t`Registered address in Chinese`
            }
            maxLength={Limits.text.address}
            {...bind('registeredAddressChinese')}
          />
          <TextInput
            label={t`Registered address in English`}
            maxLength={Limits.text.address}
            {...bind('registeredAddressEnglish')}
          />
        </SimpleGrid>
        {location !== 'HK' ? <TextInput label={t`Postal code`} {...bind('postalCode')} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t`Company type`}
            data={[
              placeholder,
              ...COMPANY_TYPES.map((value) => ({ value, label: i18n._(COMPANY_TYPE_LABELS[value]) })),
            ]}
            {...bind('companyType')}
          />
          <NativeSelect
            label={t`Industry`}
            data={[
              placeholder,
              ...INDUSTRY_CATEGORIES.map((value) => ({ value, label: i18n._(INDUSTRY_LABELS[value]) })),
            ]}
            {...bind('industry')}
          />
        </SimpleGrid>
        <TextInput label={t`Website (optional)`} maxLength={Limits.text.website} {...bind('website')} />
        <Textarea
          label={t`Product description`}
          maxLength={Limits.text.productDescription}
          minRows={3}
          rows={3}
          {...bind('productDescription')}
        />
        <FormUpload
          form={form}
          path="businessLicenseFileId"
          label={t`Business licence`}
          kind={CertificationFileKinds.businessLicense}
          transport={transport}
        />
        <Checkbox
          label={t`The operating address is the registered address`}
          {...bind('operatingAddress.sameAsRegistered', { type: 'checkbox' })}
        />
        {sameAsRegistered ? null : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Operating address`}
              maxLength={Limits.text.address}
              {...bind('operatingAddress.address')}
            />
            <NativeSelect
              label={t`Operating country / region`}
              data={countries}
              {...bind('operatingAddress.country')}
            />
          </SimpleGrid>
        )}
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
