import { plural } from '#shared/text/plural.ts';
import { useProblemCount } from './fields.tsx';

/** A part of an editor shown on its own (the venue's hours, a menu's tab), and the draft's paths it holds. */
export interface EditorPart<Id extends string> {
  id: Id;
  label: string;
  paths: readonly string[];
}

function PartButton<Id extends string>({
  part,
  pressed,
  onSelect,
}: {
  part: EditorPart<Id>;
  pressed: boolean;
  onSelect: () => void;
}) {
  const problems = useProblemCount(...part.paths);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onSelect}
      className={`min-h-11 rounded-full border-2 px-4 py-1.5 font-semibold transition-colors ${
        pressed
          ? 'border-green-800 bg-green-800 text-cream-50'
          : 'border-green-800/25 bg-white text-green-800 hover:border-green-800 hover:bg-cream-100'
      }`}
    >
      {part.label}
      {problems > 0 ? ` (${plural(problems, 'problem', 'problems')})` : ''}
    </button>
  );
}

/** Toggle buttons choosing the part of an editor shown, each saying how many problems its part holds. */
export function PartButtons<Id extends string>({
  label,
  parts,
  selected,
  onSelect,
}: {
  label: string;
  parts: readonly EditorPart<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  return (
    <fieldset aria-label={label} className="flex min-w-0 flex-wrap gap-2">
      {parts.map((part) => (
        <PartButton
          key={part.id}
          part={part}
          pressed={part.id === selected}
          onSelect={() => onSelect(part.id)}
        />
      ))}
    </fieldset>
  );
}
