import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';
import { valueAt, writeAt } from './document-paths.ts';
import { POUNDS_MESSAGE, penceFromPounds, poundsText } from './pounds.ts';

/** The document a content editor's form keeps (editor-shell.tsx), and its problems by path. */
interface DraftForm {
  draft: unknown;
  /** Changes the draft: `recipe` edits a copy of it in place. */
  edit: (recipe: (draft: never) => void) => void;
  issueAt: (path: string) => string | undefined;
  /** The paths of every problem of the draft, for a tab or a folded card to say it holds some. */
  problemPaths: readonly string[];
  /** A field whose text is not yet a value (a price of "7.555") says so here; Save waits for it. */
  setTypingIssue: (path: string, message: string | undefined) => void;
}

export const DraftFormContext = createContext<DraftForm>({
  draft: undefined,
  edit: () => {},
  issueAt: () => undefined,
  problemPaths: [],
  setTypingIssue: () => {},
});

export interface DraftEditor<D> {
  draft: D;
  edit: (recipe: (draft: D) => void) => void;
}

/** The draft of the editor around, for what a screen does beyond its fields (adding a section). */
export function useDraft<D>(): DraftEditor<D> {
  const { draft, edit } = useContext(DraftFormContext);
  return { draft: draft as D, edit: edit as DraftEditor<D>['edit'] };
}

/** A value given to a field by the screen instead of read at its path (a section's heading, a lone picker). */
export interface OwnValue<T> {
  value?: T;
  onValue?: (value: T) => void;
}

/** The value at `path` of the draft, and its setter; the screen's own when it gives one. */
export function useDraftValue<T>(path: string, own: OwnValue<T> = {}): [T, (value: T) => void] {
  const { draft, edit } = useContext(DraftFormContext);
  const value = own.onValue ? own.value : valueAt(draft, path);
  const write = (next: T) => edit((document: object) => writeAt(document, path, next));
  return [value as T, own.onValue ?? write];
}

/** How many problems lie at or under one of the paths ("sections.Main: Starters"). */
export function useProblemCount(...paths: string[]): number {
  const { problemPaths } = useContext(DraftFormContext);
  return problemPaths.filter((problem) =>
    paths.some((path) => problem === path || problem.startsWith(`${path}.`)),
  ).length;
}

/** The problem of the draft at `path`, shown under its field. */
export function useIssueAt(path: string): string | undefined {
  return useContext(DraftFormContext).issueAt(path);
}

/** The id of the input at a document path; the list of problems links to it. */
export function fieldId(path: string): string {
  return `content-${path.replace(/[^\w-]/g, '_')}`;
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-burgundy-800">
      {sentence(message)}
    </p>
  );
}

/** A problem of a whole list ("lists a date twice", "needs at least one"), shown above its entries. */
export function ListProblem({ path }: { path: string }) {
  return <FieldError id={fieldId(path)} message={useIssueAt(path)} />;
}

interface FieldProps<T> extends OwnValue<T> {
  /** Where the value sits in the document, as issue paths name it. */
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** A field of the draft: the form's `TextField` at its path, its problem under it. */
function DraftField({
  path,
  className,
  message,
  children,
}: {
  path: string;
  className?: string;
  message: string | undefined;
  children: (wiring: { id: string; invalid: boolean; errorId: string }) => ReactNode;
}) {
  const id = fieldId(path);
  return (
    <div className={className}>
      {children({ id, invalid: message !== undefined, errorId: `${id}-error` })}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

type TextProps = FieldProps<string> & {
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'datetime-local';
  placeholder?: string;
  list?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** A field the document may leave out: blank leaves it out. */
  optional?: boolean;
};

export function TextInput({
  path,
  label,
  hint,
  className,
  multiline,
  rows = 3,
  optional,
  value: ownValue,
  onValue: ownOnValue,
  ...input
}: TextProps) {
  const [value, setValue] = useDraftValue<string | undefined>(
    path,
    ownOnValue ? { value: ownValue, onValue: (typed) => ownOnValue(typed ?? '') } : {},
  );
  const onValue = (typed: string) => setValue(optional && typed.trim() === '' ? undefined : typed);
  return (
    <DraftField path={path} className={className} message={useIssueAt(path)}>
      {(wiring) => {
        const frame = { ...wiring, label, hint, value: value ?? '', onValue };
        return multiline ? <TextAreaField {...frame} rows={rows} /> : <TextField {...frame} {...input} />;
      }}
    </DraftField>
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
  hint,
  className,
  format,
  parse,
  inputMode,
  ...own
}: FieldProps<T> & {
  format: (value: T) => string;
  parse: (text: string) => Parsed<T>;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const { setTypingIssue } = useContext(DraftFormContext);
  const [value, setValue] = useDraftValue<T>(path, own);
  const [text, setText] = useState(() => format(value));
  const parsed = parse(text);
  const typingProblem = 'problem' in parsed ? parsed.problem : undefined;
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

  const documentProblem = useIssueAt(path);
  return (
    <DraftField path={path} className={className} message={typingProblem ?? documentProblem}>
      {(wiring) => (
        <TextField
          {...wiring}
          label={label}
          hint={hint}
          value={text}
          inputMode={inputMode}
          autoComplete="off"
          onValue={(typed) => {
            setText(typed);
            const next = parse(typed);
            if ('value' in next && !Object.is(next.value, value)) setValue(next.value);
          }}
        />
      )}
    </DraftField>
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
