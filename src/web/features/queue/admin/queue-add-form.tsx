import { type Resolver, useFormContext, useWatch } from 'react-hook-form';
import { guestCountFromInput } from '#shared/booking/party.ts';
import { type QueueAddRequestInput, type QueueParty, queueAddRequestSchema } from '#shared/queue/api.ts';
import { queueAddIssues } from '#shared/queue/rules.ts';
import { fieldIssues } from '#shared/schema/issues.ts';
import { FormContactFields, FormPartyFields, useFormPartySize } from '#web/forms/field-groups.tsx';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextAreaField } from '#web/forms/fields.tsx';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as queueApi from './queue-api.ts';
import { QUEUE_WORDS } from './queue-words.ts';

interface QueueFormValues {
  name: string;
  phone: string;
  email: string;
  partyAdults: string;
  partyChildren: string;
  notes: string;
}

const EMPTY_PARTY: QueueFormValues = {
  name: '',
  phone: '',
  email: '',
  partyAdults: '2',
  partyChildren: '0',
  notes: '',
};

const QUICK_SIZES = [1, 2, 3, 4, 5, 6, 7, 8];

/** The party as the API takes it, the counts as numbers (blank is 0). */
function addRequest(values: QueueFormValues): QueueAddRequestInput {
  return {
    ...values,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
  };
}

/** The server's own checks before sending: the shared rule (a name, a way to tell them, a guest), then the route's schema. */
const checkParty: Resolver<QueueFormValues> = (values) => {
  const request = addRequest(values);
  const checked = queueAddRequestSchema.safeParse(request);
  const issues = [
    ...queueAddIssues({ ...values, partyAdults: request.partyAdults, partyChildren: request.partyChildren }),
    ...(checked.success ? [] : fieldIssues(checked.error)),
  ];
  if (issues.length === 0) return { values, errors: {} };
  return { values: {}, errors: errorsOf<QueueFormValues>(issues) };
};

/** "Party of N" in one tap: N adults and no children, the fields below to say otherwise. */
function QuickPartySize() {
  const { setValue, clearErrors, control } = useFormContext<QueueFormValues>();
  const guests = useFormPartySize();
  const children = guestCountFromInput(useWatch({ control, name: 'partyChildren' }));
  return (
    <fieldset>
      <legend className="field-label">Party of…</legend>
      <div className="grid grid-cols-4 gap-2">
        {QUICK_SIZES.map((size) => (
          <button
            key={size}
            type="button"
            aria-label={`Party of ${size}`}
            aria-pressed={guests === size && children === 0}
            className="flex min-h-14 items-center justify-center rounded-xl border-2 border-cream-300 bg-white text-xl font-semibold text-green-900 transition-colors hover:border-green-700 aria-pressed:border-green-800 aria-pressed:bg-green-800 aria-pressed:text-cream-50 focus-visible:outline-3 focus-visible:outline-brass-500"
            onClick={() => {
              setValue('partyAdults', String(size));
              setValue('partyChildren', '0');
              clearErrors(['partyAdults', 'partyChildren']);
            }}
          >
            {size}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** "Add to queue": who, how many, how to tell them; the server's problems land on their fields. */
export function QueueAddForm({
  onAdded,
  onClose,
}: {
  onAdded: (party: QueueParty) => void;
  onClose: () => void;
}) {
  const add = useSiteForm<QueueFormValues>({
    defaultValues: EMPTY_PARTY,
    validate: checkParty,
    send: async (values) => onAdded(await queueApi.addParty(addRequest(values))),
    failure: QUEUE_WORDS.addFailure,
  });
  return (
    <SiteForm form={add} aria-labelledby="queue-add" className="card space-y-5 p-4 sm:p-6">
      <h2 id="queue-add" className="font-serif text-2xl">
        Add to queue
      </h2>
      <QuickPartySize />
      <FormPartyFields />
      <FormContactFields typedByStaff />
      <p className="-mt-2 text-sm text-ink-soft">{QUEUE_WORDS.contactHint}</p>
      <FormTextAreaField name="notes" label="Notes" rows={2} />
      <FormError />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton className="btn-dark min-h-14 w-full text-lg sm:w-auto sm:px-8" busyLabel="Adding…">
          Add to queue
        </SubmitButton>
        <button type="button" className="btn-outline min-h-12 w-full sm:w-auto" onClick={onClose}>
          Cancel
        </button>
      </div>
    </SiteForm>
  );
}
