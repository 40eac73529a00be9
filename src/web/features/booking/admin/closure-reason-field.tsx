import { CLOSURE_REASON_MAX_LENGTH, SERVICE_CLOSING_TEXTS } from '#shared/staff/messages.ts';
import { FormTextField } from '#web/forms/fields.tsx';

/** The reason staff give for closing a service or a sitting: the value `reason` of the form around it. */
export function ClosureReasonField({ placeholder }: { placeholder: string }) {
  return (
    <FormTextField
      name="reason"
      label={SERVICE_CLOSING_TEXTS.reasonLabel}
      maxLength={CLOSURE_REASON_MAX_LENGTH}
      placeholder={placeholder}
      className="mt-5"
    />
  );
}
