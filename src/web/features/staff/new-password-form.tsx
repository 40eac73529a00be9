import { type FormEvent, useId, useState } from 'react';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { Notice } from './notice.tsx';

/**
 * A new password typed twice (invitation and reset links): the two must match before it is sent; the
 * server's own rule answers the rest. `username` lets a password manager store it under the right account.
 */
export function NewPasswordForm({
  label,
  username,
  submitLabel,
  sendingLabel,
  onSubmit,
}: {
  label: string;
  username?: string;
  submitLabel: string;
  sendingLabel: string;
  /** Answers the error to show, or null when it worked. */
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== repeated) {
      setError(STAFF_ACCOUNT_MESSAGES.passwordsDiffer);
      return;
    }
    setSending(true);
    setError('');
    const problem = await onSubmit(password);
    if (problem) {
      setError(problem);
      setSending(false);
    }
  }

  return (
    <form className="mt-6" onSubmit={submit} aria-label={label}>
      <ReadyFieldset className="space-y-5">
        {error ? (
          <div id={`${id}-error`}>
            <Notice tone="error">{error}</Notice>
          </div>
        ) : null}
        {username ? (
          <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
        ) : null}
        <TextField
          id={`${id}-password`}
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          hint={STAFF_ACCOUNT_MESSAGES.passwordHint}
          invalid={Boolean(error)}
          errorId={`${id}-error`}
          value={password}
          onValue={setPassword}
        />
        <TextField
          id={`${id}-repeat`}
          label="Type it again"
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          required
          invalid={Boolean(error)}
          errorId={`${id}-error`}
          value={repeated}
          onValue={setRepeated}
        />
        <button type="submit" className="btn-dark w-full" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </button>
      </ReadyFieldset>
    </form>
  );
}
