import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { BOOKING_FIELD_LIMITS } from '../../shared/booking/validation.ts';

interface FieldFrame {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** A note under the field, read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the field invalid and points it at the form's error message. */
  invalid?: boolean;
  errorId?: string;
  className?: string;
  onValue: (value: string) => void;
}

function describedBy({ id, hint, invalid, errorId }: FieldFrame): string | undefined {
  const ids = [invalid ? errorId : undefined, hint ? `${id}-hint` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Frame({ frame, children }: { frame: FieldFrame; children: ReactNode }) {
  return (
    <div className={frame.className}>
      <label htmlFor={frame.id} className="field-label">
        {frame.label}
        {frame.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {frame.hint ? (
        <p id={`${frame.id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {frame.hint}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'required' | 'className'>;
type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'onChange' | 'required' | 'className'
>;

/** A labelled input of the site's forms, with its hint and error wiring. */
export function TextField({
  id,
  label,
  required,
  hint,
  invalid,
  errorId,
  className,
  inputClassName = '',
  onValue,
  ...input
}: FieldFrame & InputProps & { inputClassName?: string }) {
  const frame = { id, label, required, hint, invalid, errorId, className, onValue };
  return (
    <Frame frame={frame}>
      <input
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(frame)}
        onChange={(change) => onValue(change.target.value)}
        className={inputClassName ? `field-input ${inputClassName}` : 'field-input'}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField({
  id,
  label,
  required,
  hint,
  invalid,
  errorId,
  className,
  onValue,
  ...textarea
}: FieldFrame & TextAreaProps) {
  const frame = { id, label, required, hint, invalid, errorId, className, onValue };
  return (
    <Frame frame={frame}>
      <textarea
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(frame)}
        onChange={(change) => onValue(change.target.value)}
        className="field-input"
        {...textarea}
      />
    </Frame>
  );
}

interface ContactValues {
  name: string;
  phone: string;
  email: string;
}

/** Name, phone and e-mail, as both booking forms ask for them. */
export function ContactFields({
  idOf,
  values,
  invalidField,
  errorId,
  emailHint,
  onChange,
}: {
  idOf: (field: keyof ContactValues) => string;
  values: ContactValues;
  invalidField: string | undefined;
  errorId: string;
  emailHint?: ReactNode;
  onChange: (field: keyof ContactValues, value: string) => void;
}) {
  return (
    <>
      <TextField
        id={idOf('name')}
        label="Name"
        required
        autoComplete="name"
        maxLength={BOOKING_FIELD_LIMITS.name}
        value={values.name}
        invalid={invalidField === 'name'}
        errorId={errorId}
        onValue={(value) => onChange('name', value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={idOf('phone')}
          label="Phone"
          required
          type="tel"
          autoComplete="tel"
          maxLength={BOOKING_FIELD_LIMITS.phone}
          value={values.phone}
          invalid={invalidField === 'phone'}
          errorId={errorId}
          onValue={(value) => onChange('phone', value)}
        />
        <TextField
          id={idOf('email')}
          label="Email"
          required
          type="email"
          autoComplete="email"
          maxLength={BOOKING_FIELD_LIMITS.email}
          value={values.email}
          hint={emailHint}
          invalid={invalidField === 'email'}
          errorId={errorId}
          onValue={(value) => onChange('email', value)}
        />
      </div>
    </>
  );
}
