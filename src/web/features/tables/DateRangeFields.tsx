// The start and end date of a date-range filter, validated by the shared dateRangeSchema.
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import type { DateRange } from '../../../contract/schemas/dateRange';
import { DateField } from '../../shell/DateField';
import { useFieldError } from '../auth/shared/messages';

export function DateRangeFields({ form }: { form: UseFormReturnType<DateRange> }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  return (
    <>
      <DateField
        label={t`Start date`}
        {...form.getInputProps('start')}
        value={form.values.start}
        error={fieldError(form.errors.start)}
      />
      <DateField
        label={t`End date`}
        {...form.getInputProps('end')}
        value={form.values.end}
        error={fieldError(form.errors.end)}
      />
    </>
  );
}
