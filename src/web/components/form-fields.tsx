import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';

interface FieldFrame {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** A note under the field, read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the field invalid and points it at the form's error message. */
  invalid?: boolean;
  errorId?: string;
  /** The field's own problem, shown under it and read with it (the connected fields of `web/forms/`). */
  error?: string;
  className?: string;
  onValue: (value: string) => void;
}

/** The id of a field's own problem, for a control that names it among others in `aria-describedby`. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** A field's own problem, under it and read with it: `fieldId` is the control's id. */
export function FieldError({ fieldId, message }: { fieldId: string; message: string }) {
  return (
    <p id={fieldErrorId(fieldId)} role="alert" className="mt-1.5 text-sm font-semibold text-burgundy-800">
      {message}
    </p>
  );
}

function isInvalid({ invalid, error }: FieldFrame): boolean | undefined {
  return invalid || Boolean(error) || undefined;
}

function describedBy({ id, hint, invalid, errorId, error }: FieldFrame): string | undefined {
  const ids = [
    error ? fieldErrorId(id) : invalid ? errorId : undefined,
    hint ? `${id}-hint` : undefined,
  ].filter(Boolean);
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
      {frame.error ? <FieldError fieldId={frame.id} message={frame.error} /> : null}
      {frame.hint ? (
        <p id={`${frame.id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {frame.hint}
        </p>
      ) : null}
    </div>
  );
}

/** A control's own attributes: all but those its field sets. */
type ControlProps<Attributes, Element> = Omit<Attributes, 'id' | 'onChange' | 'required' | 'className'> & {
  ref?: Ref<Element>;
};
type InputProps = ControlProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;
type TextAreaProps = ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;
type SelectProps = ControlProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement>;

/** What a field sets on its control. */
interface ControlWiring {
  id: string;
  required: boolean | undefined;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  onChange: (change: { target: { value: string } }) => void;
}

/**
 * A field: its frame (label, hint, problem) around the control `render` draws, the control given the wiring
 * the frame sets (id, invalid, described, changed) and the attributes of its own the field was given.
 */
function framed<Control>(
  { id, label, required, hint, invalid, errorId, error, className, onValue, ...own }: FieldFrame & Control,
  render: (attributes: typeof own & ControlWiring) => ReactNode,
) {
  const frame = { id, label, required, hint, invalid, errorId, error, className, onValue };
  const wiring: ControlWiring = {
    id,
    required,
    'aria-invalid': isInvalid(frame),
    'aria-describedby': describedBy(frame),
    onChange: (change) => onValue(change.target.value),
  };
  return <Frame frame={frame}>{render({ ...wiring, ...own })}</Frame>;
}

/** A labelled input of the site's forms, with its hint and error wiring. */
export function TextField({
  inputClassName = '',
  ...props
}: FieldFrame & InputProps & { inputClassName?: string }) {
  const className = inputClassName ? `field-input ${inputClassName}` : 'field-input';
  return framed<InputProps>(props, (attributes) => <input className={className} {...attributes} />);
}

export function TextAreaField(props: FieldFrame & TextAreaProps) {
  return framed<TextAreaProps>(props, (attributes) => <textarea className="field-input" {...attributes} />);
}

/** A labelled dropdown of the site's forms, its options the children, with its hint and error wiring. */
export function SelectField(props: FieldFrame & SelectProps) {
  return framed<SelectProps>(props, (attributes) => <select className="field-input" {...attributes} />);
}

export type ContactField = 'name' | 'phone' | 'email';

/** How the site asks for each contact detail: the same words, keyboard and limits on every form. */
export const CONTACT_FIELDS = {
  name: { label: 'Name', autoComplete: 'name', maxLength: BOOKING_FIELD_LIMITS.name },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: BOOKING_FIELD_LIMITS.phone },
  email: { label: 'Email', type: 'email', autoComplete: 'email', maxLength: BOOKING_FIELD_LIMITS.email },
} as const satisfies Record<ContactField, { label: string } & InputProps>;

/** The contact group's layout, whichever form fills it: the name, then phone and e-mail side by side. */
export function ContactLayout({ field }: { field: (name: ContactField) => ReactNode }) {
  return (
    <>
      {field('name')}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('phone')}
        {field('email')}
      </div>
    </>
  );
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
  idOf: (field: ContactField) => string;
  values: Record<ContactField, string>;
  invalidField: string | undefined;
  errorId: string;
  emailHint?: ReactNode;
  onChange: (field: ContactField, value: string) => void;
}) {
  return (
    <ContactLayout
      field={(name) => (
        <TextField
          id={idOf(name)}
          required
          {...CONTACT_FIELDS[name]}
          value={values[name]}
          hint={name === 'email' ? emailHint : undefined}
          invalid={invalidField === name}
          errorId={errorId}
          onValue={(value) => onChange(name, value)}
        />
      )}
    />
  );
}
