import { allergenSummary } from '#shared/content/allergens.ts';
import type { DinerChoiceRequest } from '#shared/occasions/api.ts';
import { dinerIssues } from '#shared/occasions/choices.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { NO_DISH } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionDish } from '#shared/occasions/schema.ts';
import { FormChoiceField, FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { dishLabel } from './diner-words.ts';

/** The server's limits of `dinerChoiceRequestSchema`, kept by the inputs so nothing typed is refused for length. */
const NAME_MAX = 80;
const EMAIL_MAX = 254;
const ALLERGIES_MAX = 500;

interface DinerValues {
  name: string;
  email: string;
  /** Course id → dish id (`NO_DISH` to go without an optional course); '' while the course is not chosen. */
  choices: Record<string, string>;
  allergies: string;
}

type DinerField = 'name' | 'email' | 'allergies' | `choices.${string}`;

/** A diner's choices as the form starts: theirs when they are being changed, else every course still open. */
function startingValues(occasion: Occasion, initial?: Partial<DinerChoiceRequest>): DinerValues {
  return {
    name: initial?.name ?? '',
    email: initial?.email ?? '',
    choices: Object.fromEntries(
      occasion.courses.map((course) => [course.id, initial?.choices?.[course.id] ?? '']),
    ),
    allergies: initial?.allergies ?? '',
  };
}

/** What the kitchen tells a guest of a dish, under its name: its description and its allergens. */
function dishHint(dish: OccasionDish): string {
  const description = dish.description.trim().replace(/\.$/, '');
  return [description, allergenSummary(dish.allergens)].filter(Boolean).join('. ');
}

/**
 * One diner's form (issue 30), on the diners' link and on the organiser's page: a name, an e-mail if they want a
 * reminder, one dish per course (each with its description, allergens and any supplement; "No starter, thank
 * you" beside the dishes of a course they may go without) and their allergies, checked by the rule the server runs.
 */
export function DinerChoicesForm({
  occasion,
  label,
  initial,
  typedForSomeone = false,
  askEmail = true,
  emailHint,
  submitLabel,
  failure,
  send,
  onKeep,
}: {
  occasion: Occasion;
  /** The form's accessible name. */
  label: string;
  /** The diner's choices when they are being changed. */
  initial?: Partial<DinerChoiceRequest>;
  /** The organiser types another guest's name: no autofill of their own. */
  typedForSomeone?: boolean;
  askEmail?: boolean;
  emailHint?: string;
  submitLabel: string;
  failure: string;
  send: (request: DinerChoiceRequest) => Promise<void>;
  /** Leaves the form with nothing sent; no such button without it. */
  onKeep?: () => void;
}) {
  const diner = useSiteForm<DinerValues>({
    defaultValues: startingValues(occasion, initial),
    validate: ruleResolver((values) => {
      const [issue] = dinerIssues(occasion, values);
      return issue ? { field: issue.path as DinerField, message: issue.message } : null;
    }),
    send: (values) =>
      send({
        name: values.name.trim(),
        email: values.email.trim(),
        choices: values.choices,
        allergies: values.allergies.trim(),
      }),
    failure,
  });

  return (
    <SiteForm form={diner} aria-label={label} className="space-y-8">
      <div className="space-y-5">
        <FormTextField
          name="name"
          label={typedForSomeone ? 'Their name' : 'Your name'}
          required
          maxLength={NAME_MAX}
          autoComplete={typedForSomeone ? 'off' : 'name'}
        />
        {askEmail ? (
          <FormTextField
            name="email"
            label="Email (optional)"
            type="email"
            maxLength={EMAIL_MAX}
            autoComplete={typedForSomeone ? 'off' : 'email'}
            hint={emailHint}
          />
        ) : null}
      </div>
      {occasion.courses.map((course) => (
        <FormChoiceField
          key={course.id}
          name={`choices.${course.id}`}
          legend={<span className="font-serif text-2xl text-green-900">{course.name}</span>}
          required
          choicesClassName="mt-2 grid gap-2 sm:grid-cols-2"
          choices={[
            ...course.dishes.map((dish) => ({
              value: dish.id,
              label: dishLabel(dish),
              hint: dishHint(dish),
            })),
            ...(course.optional
              ? [{ value: NO_DISH, label: PRE_ORDER_MESSAGES.goWithout(course.name) }]
              : []),
          ]}
        />
      ))}
      <FormTextAreaField
        name="allergies"
        label="Allergies"
        rows={2}
        maxLength={ALLERGIES_MAX}
        hint="Any allergy or intolerance the kitchen should know about."
      />
      <FormError />
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-dark" busyLabel="Sending…">
          {submitLabel}
        </SubmitButton>
        {onKeep ? (
          <button type="button" className="btn-outline" onClick={onKeep}>
            Keep as it was
          </button>
        ) : null}
      </div>
    </SiteForm>
  );
}
