import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { TablesDocument } from '#shared/tables/layout.ts';
import { SelectField } from '#web/components/form-fields.tsx';
import {
  FieldError,
  fieldId,
  type Parsed,
  TextInput,
  TypedInput,
  useDraft,
  useIssueAt,
} from '#web/features/content/admin/fields.tsx';
import { idFromName, idsOf, type ListKey, renameReferences } from './row-ids.ts';

/** The ids of a list as last saved (or restored): those never change, since bookings point at them. */
function useSavedIds(list: ListKey): () => Set<string> {
  const { formState } = useFormContext<TablesDocument>();
  return () => new Set(idsOf(formState.defaultValues as TablesDocument | undefined, list));
}

/** An id for a new entry of `list`, taken by no entry of the draft nor of the saved document. */
export function useNewId(list: ListKey, fallback: string): () => string {
  const { draft } = useDraft<TablesDocument>();
  const savedIds = useSavedIds(list);
  return () => idFromName('', fallback, new Set([...savedIds(), ...idsOf(draft, list)]));
}

/**
 * The name of an area, table or join. An entry not saved yet takes its id from its name ("Garden" →
 * "garden"), and the tables and joins that point at it follow; a saved entry keeps its id whatever its name.
 */
export function NameField({
  list,
  index,
  label,
  hint,
  fallback,
}: {
  list: ListKey;
  index: number;
  label: string;
  hint?: string;
  /** The id of an entry with no usable name yet: "table", "table-2"… */
  fallback: string;
}) {
  const { draft, edit } = useDraft<TablesDocument>();
  const savedIds = useSavedIds(list);
  const rename = (name: string) =>
    edit((document) => {
      const entry = document[list][index];
      if (!entry) return;
      entry.name = name;
      const saved = savedIds();
      if (saved.has(entry.id)) return;
      const others = idsOf(document, list).filter((_, at) => at !== index);
      const id = idFromName(name, fallback, new Set([...saved, ...others]));
      if (id === entry.id) return;
      renameReferences(document, list, entry.id, id);
      entry.id = id;
    });
  return (
    <TextInput
      path={`${list}.${index}.name`}
      label={label}
      hint={hint}
      value={draft[list][index]?.name ?? ''}
      onValue={rename}
    />
  );
}

/** A dropdown of the draft; a value none of the options has (an area since removed) reads "Choose…". */
export function DraftSelect({
  path,
  label,
  hint,
  value,
  options,
  onValue,
}: {
  path: string;
  label: string;
  hint?: ReactNode;
  value: string;
  options: readonly { value: string; label: string }[];
  onValue: (value: string) => void;
}) {
  const id = fieldId(path);
  const message = useIssueAt(path);
  const known = options.some((option) => option.value === value);
  return (
    <div>
      <SelectField
        id={id}
        label={label}
        hint={hint}
        invalid={message !== undefined}
        errorId={`${id}-error`}
        value={known ? value : ''}
        onValue={onValue}
      >
        {known ? null : (
          <option value="" disabled>
            Choose…
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

function parseLimit(text: string): Parsed<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  return /^\d+$/.test(trimmed) ? { value: Number(trimmed) } : { problem: 'must be a whole number' };
}

const formatLimit = (limit: number | null) => (limit === null ? '' : String(limit));

/** A pacing limit in covers; left empty, there is none. */
export function LimitInput({ path, label, hint }: { path: string; label: string; hint?: ReactNode }) {
  return (
    <TypedInput<number | null>
      path={path}
      label={label}
      hint={hint}
      format={formatLimit}
      parse={parseLimit}
      inputMode="numeric"
    />
  );
}
