import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';
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
