import type { Diner } from '#shared/occasions/api.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { choiceLines } from './diner-words.ts';

/** One diner's dishes, a course a line, a default the deadline applied marked; then their allergies. */
export function ChoiceList({
  occasion,
  diner,
}: {
  occasion: Occasion;
  diner: Pick<Diner, 'choices' | 'defaultedCourses' | 'allergies'>;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {choiceLines(occasion, diner).map((line) => (
        <div key={line.course} className="contents">
          <dt className="font-semibold text-green-900">{line.course}</dt>
          <dd className="break-words">
            {line.dish}
            {line.defaulted ? <span className="ml-2 text-sm text-ink-soft">(default)</span> : null}
          </dd>
        </div>
      ))}
      {diner.allergies ? (
        <div className="contents">
          <dt className="font-semibold text-burgundy-800">Allergies</dt>
          <dd className="break-words whitespace-pre-line">{diner.allergies}</dd>
        </div>
      ) : null}
    </dl>
  );
}
