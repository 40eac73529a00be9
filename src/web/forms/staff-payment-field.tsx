import {
  STAFF_PAYMENT_METHOD_LABELS,
  STAFF_PAYMENT_METHODS,
  type StaffPaymentNoun,
  staffPaymentLegend,
} from '#shared/money/taken-by-staff.ts';
import { FormChoiceField } from './fields.tsx';

/**
 * How staff took what a phone booking owes ahead (a deposit, or the full price): a choice they must make, the
 * form's value `name`. `noun` names the money; `duePence` is 0 until the party is known.
 */
export function FormStaffPaymentField({
  name,
  noun,
  duePence,
}: {
  name: string;
  noun: StaffPaymentNoun;
  duePence: number;
}) {
  return (
    <FormChoiceField
      name={name}
      legend={staffPaymentLegend(noun, duePence)}
      required
      choicesClassName="grid gap-2 sm:grid-cols-3"
      choices={STAFF_PAYMENT_METHODS.map((method) => ({
        value: method,
        label: STAFF_PAYMENT_METHOD_LABELS[method],
      }))}
    />
  );
}
