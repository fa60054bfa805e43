// Small bindings shared by the step forms: input props with translated errors, upload fields bound
// to a form path, and the option lists.
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { COUNTRY_CODES } from '../../../../contract/options';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { UploadField } from '../../uploads/UploadField';
import { DocumentReadHint } from '../../documents/DocumentReadHint';
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
  const at = (keys: readonly string[]) =>
    keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  const keys = path.split('.');
  const current = at(keys);
  const fileId = typeof current === 'string' && current !== '' ? current : null;
  // The values the document is compared with: the person (a document's file sits under
  // 'document') or the company info the file field belongs to.
  const owner = keys.slice(0, -1);
  if (owner.at(-1) === 'document') owner.pop();
  return (
    <>
      <UploadField
        label={label}
        kind={kind}
        value={fileId}
        onChange={(id) => form.setFieldValue(path, id ?? '')}
        transport={transport}
        error={fieldError(form.errors[path])}
        description={description}
      />
      <DocumentReadHint fileId={fileId} kind={kind} values={at(owner)} />
    </>
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
