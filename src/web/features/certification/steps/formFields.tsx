// Small bindings shared by the step forms: input props with translated errors, upload fields bound
// to a form path, and the option lists.
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { COUNTRY_CODES } from '../../../../contract/options';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { UploadField } from '../../uploads/UploadField';
import { useCountryName, useFieldError } from '../fieldMessages';

// A form of any step: paths are strings such as 'document.number' or 'beneficiaries.0.mobile'.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StepForm = UseFormReturnType<any>;

export function useBind(form: StepForm) {
  const fieldError = useFieldError();
  return (path: string, options?: { type?: 'checkbox' }) => {
    const props = form.getInputProps(path, options);
    return { ...props, error: fieldError(props.error as ReactNode) };
  };
}

export function FormUpload(props: {
  form: StepForm;
  path: string;
  label: string;
  kind: string;
  transport: UploadTransport;
  description?: ReactNode;
}) {
  const { form, path, label, kind, transport, description } = props;
  const fieldError = useFieldError();
  const value = form.getValues() as Record<string, unknown>;
  const current = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  return (
    <UploadField
      label={label}
      kind={kind}
      value={typeof current === 'string' && current !== '' ? current : null}
      onChange={(id) => form.setFieldValue(path, id ?? '')}
      transport={transport}
      error={fieldError(form.errors[path])}
      description={description}
    />
  );
}

export function useCountryOptions(): Array<{ value: string; label: string }> {
  const { t } = useLingui();
  const name = useCountryName();
  const options = COUNTRY_CODES.map((value) => ({ value, label: name(value) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
  return [{ value: '', label: t`Please select` }, ...options];
}
