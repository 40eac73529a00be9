import { useFormContext } from 'react-hook-form';
import { DEPOSIT_KIND_LABELS, DEPOSIT_KINDS } from '#shared/deposits/rule-schemas.ts';
import type { DepositRule, DepositRulesDocument } from '#shared/deposits/rules.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { FieldError, fieldId, TextInput, useDraft, useIssueAt } from '#web/features/content/admin/fields.tsx';
import { DraftRowList } from '#web/features/content/admin/list-entries.tsx';
import { idFromName } from '#web/features/tables/admin/row-ids.ts';
import { RULE_WORDS } from './rule-words.ts';

type DateRange = DepositRule['dateRanges'][number];

const idsOf = (document: DepositRulesDocument | undefined) => (document?.rules ?? []).map((rule) => rule.id);

/** The rule ids as last saved (or restored): those never change, since each booking's terms name theirs. */
function useSavedIds(): () => Set<string> {
  const { formState } = useFormContext<DepositRulesDocument>();
  return () => new Set(idsOf(formState.defaultValues as DepositRulesDocument | undefined));
}

/** An id for a new rule, taken by no rule of the draft nor of the saved document. */
export function useNewRuleId(): () => string {
  const { draft } = useDraft<DepositRulesDocument>();
  const savedIds = useSavedIds();
  return () => idFromName('', 'rule', new Set([...savedIds(), ...idsOf(draft)]));
}

/** A rule's name; a rule not saved yet takes its id from it ("Large parties" → "large-parties"). */
export function RuleNameField({ index }: { index: number }) {
  const { draft, edit } = useDraft<DepositRulesDocument>();
  const savedIds = useSavedIds();
  const rename = (name: string) =>
    edit((document) => {
      const rule = document.rules[index];
      if (!rule) return;
      rule.name = name;
      const saved = savedIds();
      if (saved.has(rule.id)) return;
      const others = idsOf(document).filter((_, at) => at !== index);
      rule.id = idFromName(name, 'rule', new Set([...saved, ...others]));
    });
  return (
    <TextInput
      path={`rules.${index}.name`}
      label="Name"
      hint="What staff call it, e.g. Large parties at weekends"
      value={draft.rules[index]?.name ?? ''}
      onValue={rename}
    />
  );
}

/** Deposit or card guarantee, each with a line on what it means for the guest. */
export function KindChoice({ index, kind }: { index: number; kind: DepositRule['kind'] }) {
  const { edit } = useDraft<DepositRulesDocument>();
  const id = fieldId(`rules.${index}.kind`);
  const message = useIssueAt(`rules.${index}.kind`);
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="field-label">What it asks</legend>
      <div className="space-y-2">
        {DEPOSIT_KINDS.map((option) => (
          <ChoiceOption
            key={option}
            name={id}
            checked={kind === option}
            label={DEPOSIT_KIND_LABELS[option]}
            hint={RULE_WORDS.kindHints[option]}
            onSelect={() =>
              edit((document) => {
                const rule = document.rules[index];
                if (rule) rule.kind = option;
              })
            }
          />
        ))}
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </fieldset>
  );
}

/** The dates or seasons a rule applies on, from and to; none listed, any date. */
export function DateRanges({ path, ruleName }: { path: string; ruleName: string }) {
  return (
    <div className="space-y-3">
      <h3 className="field-label">Dates</h3>
      <p className="text-sm text-ink-soft">None listed: any date.</p>
      <DraftRowList<DateRange>
        path={`${path}.dateRanges`}
        label={`Dates ${ruleName} applies on`}
        className="space-y-3"
        itemClassName="space-y-4 rounded-lg border border-cream-300 bg-white p-3"
        newRow={() => ({ from: '', to: '' })}
        addLabel="Add dates"
        nameOf={(range, index) => (range.from ? `dates from ${range.from}` : `dates ${index + 1}`)}
        reorderable={false}
        focusField="from"
      >
        {({ path: rangePath }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput path={`${rangePath}.from`} label="From" type="date" />
            <TextInput path={`${rangePath}.to`} label="To" type="date" />
          </div>
        )}
      </DraftRowList>
    </div>
  );
}
