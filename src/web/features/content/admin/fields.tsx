import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type AllergenDeclaration,
  allergenSummary,
  CONTAINS_NONE_LABEL,
  NOT_DECLARED,
} from '../../../../shared/content/allergens.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { POUNDS_MESSAGE, penceFromPounds, poundsText } from './pounds.ts';

/** The problems of the draft, by path: what each field shows beside itself. */
interface IssueBoard {
  issueAt: (path: string) => string | undefined;
  /** The paths of every problem of the draft, for a tab or a folded card to say it holds some. */
  problemPaths: readonly string[];
  /** A field whose text is not yet a value (a price of "7.555") says so here; Save waits for it. */
  setTypingIssue: (path: string, message: string | undefined) => void;
}

export const IssueBoardContext = createContext<IssueBoard>({
  issueAt: () => undefined,
  problemPaths: [],
  setTypingIssue: () => {},
});

/** How many problems lie at or under one of the paths ("sections.Main: Starters"). */
export function useProblemCount(...paths: string[]): number {
  const { problemPaths } = useContext(IssueBoardContext);
  return problemPaths.filter((problem) =>
    paths.some((path) => problem === path || problem.startsWith(`${path}.`)),
  ).length;
}

/** The id of the input at a document path; the list of problems links to it. */
export function fieldId(path: string): string {
  return `content-${path.replace(/[^\w-]/g, '_')}`;
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-burgundy-800">
      {sentence(message)}
    </p>
  );
}

/** A problem of a whole list ("lists a date twice", "needs at least one"), shown above its entries. */
export function ListProblem({ path }: { path: string }) {
  const message = useContext(IssueBoardContext).issueAt(path);
  return <FieldError id={fieldId(path)} message={message} />;
}

interface FieldProps<T> {
  /** Where the value sits in the document, as issue paths name it. */
  path: string;
  label: ReactNode;
  value: T;
  onValue: (value: T) => void;
  hint?: ReactNode;
  className?: string;
}

type TextProps = FieldProps<string> & {
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'datetime-local';
  placeholder?: string;
  list?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
};

export function TextInput({
  path,
  label,
  value,
  onValue,
  hint,
  className,
  multiline,
  rows = 3,
  ...input
}: TextProps) {
  const message = useContext(IssueBoardContext).issueAt(path);
  const id = fieldId(path);
  const frame = {
    id,
    label,
    hint,
    value,
    onValue,
    invalid: message !== undefined,
    errorId: `${id}-error`,
  };
  return (
    <div className={className}>
      {multiline ? <TextAreaField {...frame} rows={rows} /> : <TextField {...frame} {...input} />}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

export type Parsed<T> = { value: T } | { problem: string };

/**
 * A field typed as text but kept as another value (a number, pence). Text that is not a value yet stays in
 * the field with its problem; the document keeps its last good value meanwhile.
 */
export function TypedInput<T>({
  path,
  label,
  value,
  onValue,
  hint,
  className,
  format,
  parse,
  inputMode,
}: FieldProps<T> & {
  format: (value: T) => string;
  parse: (text: string) => Parsed<T>;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const board = useContext(IssueBoardContext);
  const [text, setText] = useState(() => format(value));
  const parsed = parse(text);
  const typingProblem = 'problem' in parsed ? parsed.problem : undefined;
  const { setTypingIssue } = board;
  const parseRef = useRef(parse);
  parseRef.current = parse;

  // The document changed under the field (a dish moved, a version restored): show its value.
  useEffect(() => {
    setText((current) => {
      const typed = parseRef.current(current);
      return 'value' in typed && Object.is(typed.value, value) ? current : format(value);
    });
  }, [value, format]);

  useEffect(() => {
    setTypingIssue(path, typingProblem);
    return () => setTypingIssue(path, undefined);
  }, [path, typingProblem, setTypingIssue]);

  const message = typingProblem ?? board.issueAt(path);
  const id = fieldId(path);
  return (
    <div className={className}>
      <TextField
        id={id}
        label={label}
        hint={hint}
        value={text}
        inputMode={inputMode}
        autoComplete="off"
        invalid={message !== undefined}
        errorId={`${id}-error`}
        onValue={(typed) => {
          setText(typed);
          const next = parse(typed);
          if ('value' in next && !Object.is(next.value, value)) onValue(next.value);
        }}
      />
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function parseNumber(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'needs a number' };
  return NUMBER.test(trimmed) ? { value: Number(trimmed) } : { problem: 'must be a number' };
}

/** A number typed as text; `numeric` for whole numbers, `text` where a minus sign is needed (a longitude). */
export function NumberInput({
  inputMode = 'numeric',
  ...props
}: FieldProps<number> & { inputMode?: 'numeric' | 'decimal' | 'text' }) {
  return <TypedInput {...props} format={String} parse={parseNumber} inputMode={inputMode} />;
}

function parseOptionalPence(text: string): Parsed<number | undefined> {
  if (text.trim() === '') return { value: undefined };
  const pence = penceFromPounds(text);
  return pence === null ? { problem: POUNDS_MESSAGE } : { value: pence };
}

function formatOptionalPence(pence: number | undefined): string {
  return pence === undefined ? '' : poundsText(pence);
}

/** A price typed in pounds and kept in pence; blank is no price. */
export function PenceInput(props: FieldProps<number | undefined>) {
  return (
    <TypedInput {...props} format={formatOptionalPence} parse={parseOptionalPence} inputMode="decimal" />
  );
}

function parsePounds(text: string): Parsed<number> {
  if (text.trim() === '') return { problem: 'needs an amount in pounds' };
  const pence = penceFromPounds(text);
  return pence === null ? { problem: POUNDS_MESSAGE } : { value: pence / 100 };
}

function formatPounds(pounds: number): string {
  return poundsText(Math.round(pounds * 100));
}

/** An amount typed and kept in pounds (the Christmas prices). */
export function PoundsInput(props: FieldProps<number>) {
  return <TypedInput {...props} format={formatPounds} parse={parsePounds} inputMode="decimal" />;
}

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

/** A set of checkboxes for a list of choices, kept in the order the choices are given. */
export function ChoiceList<T extends string | number>({
  path,
  legend,
  hint,
  choices,
  chosen,
  onChosen,
  columns = 'grid-cols-2 sm:grid-cols-4',
  children,
}: {
  path: string;
  legend: ReactNode;
  hint?: ReactNode;
  choices: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChosen: (chosen: T[]) => void;
  columns?: string;
  children?: ReactNode;
}) {
  const message = useContext(IssueBoardContext).issueAt(path);
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
export function AllergenChecklist({
  path,
  allergens,
  onAllergens,
}: {
  path: string;
  allergens: AllergenDeclaration;
  onAllergens: (allergens: AllergenDeclaration) => void;
}) {
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

const toolButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-40';

/** Move up, move down and remove, for one entry of a list staff can reorder. */
export function EntryActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** What the entry is called, for the buttons' accessible names: "Move Soup of the Day up". */
  name: string;
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {onMove ? (
        <>
          <button
            type="button"
            className={toolButton}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(index - 1)}
          >
            ↑ Up
          </button>
          <button
            type="button"
            className={toolButton}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(index + 1)}
          >
            ↓ Down
          </button>
        </>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className={`${toolButton} text-burgundy-800 hover:border-burgundy-700`}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}

export function AddButton({
  id,
  children,
  onClick,
}: {
  id?: string;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={`${toolButton} w-full border-dashed sm:w-auto`}
      onClick={onClick}
    >
      <span aria-hidden="true">+</span> {children}
    </button>
  );
}

/** A titled group of fields: one card per thing staff edit. */
export function FieldCard({
  title,
  headingLevel = 2,
  actions,
  children,
}: {
  title: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading id={headingId} className={headingLevel === 2 ? 'font-serif text-2xl' : 'font-serif text-xl'}>
          {title}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Focus moves to an element once the render that makes it is done: a new dish's name, a moved dish. */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}

/** Which entries of a list are unfolded; staff may have several open at once. */
export function useOpenEntries<K>() {
  const [open, setOpenKeys] = useState<ReadonlySet<K>>(() => new Set());
  const setOpen = useCallback((key: K, isOpen: boolean) => {
    setOpenKeys((current) => {
      if (current.has(key) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  /** After entries moved or went: `place` says where each open one is now, or undefined when it is gone. */
  const follow = useCallback((place: (key: K) => K | undefined) => {
    setOpenKeys(
      (current) => new Set([...current].map(place).filter((key): key is Awaited<K> & K => key !== undefined)),
    );
  }, []);
  return { isOpen: (key: K) => open.has(key), setOpen, follow };
}

/**
 * An entry of a list folded to one line (a dish: its name and price) until staff open it. An entry with a
 * problem opens by itself, and stays open while staff correct it.
 */
export function FoldingEntry({
  path,
  title,
  summary,
  open,
  onOpen,
  children,
}: {
  path: string;
  title: string;
  summary?: ReactNode;
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  const problems = useProblemCount(path);
  useEffect(() => {
    if (problems > 0 && !open) onOpen(true);
  }, [problems, open, onOpen]);
  const id = fieldId(path);
  return (
    <li className="rounded-xl border border-cream-300 bg-cream-50">
      <button
        id={`${id}-toggle`}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => onOpen(!open)}
        className="flex min-h-12 w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-2 text-left"
      >
        <span className="min-w-0 flex-1 font-serif text-lg font-semibold break-words text-green-900">
          {title}
        </span>
        {summary}
        {problems > 0 ? (
          <span className="text-sm font-semibold text-burgundy-800">
            {plural(problems, 'problem', 'problems')}
          </span>
        ) : null}
        <span aria-hidden="true" className="text-brass-600">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div id={`${id}-panel`} className="space-y-5 border-t border-cream-300 px-4 pt-4 pb-5">
          {children}
        </div>
      ) : null}
    </li>
  );
}

/** An array with one entry moved to another place. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}
