import { type Ref, useId } from 'react';

/** One answer of a staff dialog's question: a large radio card with its label and what it does. */
export function ChoiceOption({
  name,
  checked,
  label,
  hint,
  onSelect,
  ref,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint?: string;
  onSelect: () => void;
  /** The radio itself, for a form that focuses the question when it is unanswered. */
  ref?: Ref<HTMLInputElement>;
}) {
  const hintId = useId();
  return (
    <div className="rounded-lg border-2 border-cream-300 transition-colors hover:border-green-700 has-checked:border-green-800 has-checked:bg-green-700/5">
      <label className="flex min-h-12 cursor-pointer items-start gap-3 p-3 font-semibold text-green-900">
        <input
          ref={ref}
          type="radio"
          name={name}
          checked={checked}
          onChange={onSelect}
          aria-describedby={hint ? hintId : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-green-800"
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="-mt-1 pr-3 pb-3 pl-12 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
