import type { ReactNode } from 'react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type AllergenDeclaration,
  allergenSummary,
  CONTAINS_NONE_LABEL,
  NOT_DECLARED,
} from '#shared/content/allergens.ts';
import { FieldError, fieldId, useDraftValue, useIssueAt } from './fields.tsx';

const checkboxRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-cream-300 bg-white px-3 py-2 font-semibold text-green-900 transition-colors hover:border-green-700 has-checked:border-green-700 has-checked:bg-green-700/10';

export function Checkbox({
  id,
  label,
  checked,
  onChecked,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className={checkboxRow}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(change) => onChecked(change.target.checked)}
        className="h-5 w-5 shrink-0 accent-green-800"
      />
      <span>{label}</span>
    </label>
  );
}

/** A yes-or-no field of the draft; `optional` leaves it out of the document when not ticked. */
export function DraftCheckbox({
  path,
  label,
  optional,
}: {
  path: string;
  label: ReactNode;
  optional?: boolean;
}) {
  const [checked, setChecked] = useDraftValue<boolean | undefined>(path);
  return (
    <Checkbox
      id={fieldId(path)}
      label={label}
      checked={checked === true}
      onChecked={(value) => setChecked(value || !optional ? value : undefined)}
    />
  );
}

/**
 * A set of checkboxes for the list of choices at `path`, kept in the order the choices are given, or by
 * `compare` when the document keeps them in another.
 */
export function ChoiceList<T extends string | number>({
  path,
  legend,
  hint,
  choices,
  compare,
  chosen: ownChosen,
  onChosen: ownOnChosen,
  columns = 'grid-cols-2 sm:grid-cols-4',
  children,
}: {
  path: string;
  legend: ReactNode;
  hint?: ReactNode;
  choices: readonly { value: T; label: string }[];
  compare?: (a: T, b: T) => number;
  chosen?: T[];
  onChosen?: (chosen: T[]) => void;
  columns?: string;
  children?: ReactNode;
}) {
  const [chosen, setChosen] = useDraftValue<T[]>(path, { value: ownChosen, onValue: ownOnChosen });
  const onChosen = (next: T[]) => setChosen(compare ? next.sort(compare) : next);
  const message = useIssueAt(path);
  const id = fieldId(path);
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset id={id} aria-describedby={describedBy || undefined} tabIndex={-1}>
      <legend className="field-label">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            id={`${id}-${choice.value}`}
            label={choice.label}
            checked={chosen.includes(choice.value)}
            onChecked={(checked) =>
              onChosen(
                choices
                  .map((option) => option.value)
                  .filter((value) => (value === choice.value ? checked : chosen.includes(value))),
              )
            }
          />
        ))}
      </div>
      {children}
      <FieldError id={`${id}-error`} message={message} />
    </fieldset>
  );
}

const ALLERGEN_CHOICES = ALLERGENS.map((allergen) => ({ value: allergen, label: ALLERGEN_LABELS[allergen] }));

/**
 * The 14 allergens UK law names, as checkboxes, and a box confirming the dish contains none of them. A dish
 * is declared by a tick in one or the other: nothing ticked leaves it not declared, never free of allergens.
 */
export function AllergenChecklist({ path }: { path: string }) {
  const [allergens, onAllergens] = useDraftValue<AllergenDeclaration>(path);
  return (
    <ChoiceList
      path={path}
      legend="Allergens"
      hint="Tick every allergen the dish contains, or confirm it contains none of the 14."
      choices={ALLERGEN_CHOICES}
      chosen={allergens.declared ? allergens.contains : []}
      onChosen={(contains) => onAllergens(contains.length > 0 ? { declared: true, contains } : NOT_DECLARED)}
      columns="sm:grid-cols-2"
    >
      <div className="mt-2">
        <Checkbox
          id={`${fieldId(path)}-none`}
          label={CONTAINS_NONE_LABEL}
          checked={allergens.declared && allergens.contains.length === 0}
          onChecked={(checked) => onAllergens(checked ? { declared: true, contains: [] } : NOT_DECLARED)}
        />
      </div>
      <p className="mt-2 text-sm font-semibold text-green-900" aria-live="polite">
        Guests read: {allergenSummary(allergens)}
      </p>
    </ChoiceList>
  );
}
