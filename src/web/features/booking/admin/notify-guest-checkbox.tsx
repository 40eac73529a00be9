/**
 * Whether staff e-mail the guest about what they did: a big box with what will be sent, or, without an
 * address to send to, a box that cannot be ticked and says why.
 */
export function NotifyGuestCheckbox({
  id,
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked && !disabled}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(change) => onChange(change.target.checked)}
          className="h-6 w-6 shrink-0 accent-green-800 disabled:opacity-60"
        />
        <label
          htmlFor={id}
          className={`font-semibold break-words ${disabled ? 'text-ink-soft' : 'text-green-900'}`}
        >
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
