import { useEffect, useRef, useState } from 'react';
import type { Diner, DinerChoiceRequest, OrganiserPage } from '#shared/occasions/api.ts';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import * as api from './api.ts';
import { ChoiceList } from './diner-choice-list.tsx';
import { DinerChoicesForm } from './diner-choices-form.tsx';
import { ORGANISER_MESSAGES } from './diner-words.ts';

/** Whom the organiser is choosing for: a new place, or a diner already on the list. */
type Choosing = { kind: 'new' } | { kind: 'edit'; diner: Diner };

/** The organiser's form for one place, its heading focused as it opens. */
function ChooseFor({
  token,
  page,
  choosing,
  onSaved,
  onKeep,
}: {
  token: string;
  page: OrganiserPage;
  choosing: Choosing;
  onSaved: (answer: api.OrganiserChoiceAnswer, name: string) => void;
  onKeep: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const editing = choosing.kind === 'edit' ? choosing.diner : null;
  const send = async (request: DinerChoiceRequest) =>
    onSaved(
      editing ? await api.changeDiner(token, editing.id, request) : await api.addDiner(token, request),
      request.name,
    );
  return (
    <div className="space-y-5 rounded-xl border-2 border-green-800 p-4 sm:p-6">
      <h3 ref={heading} tabIndex={-1} className="font-serif text-2xl text-green-900 focus:outline-none">
        {editing ? `Change ${editing.name}’s dishes` : 'Choose for someone'}
      </h3>
      <DinerChoicesForm
        occasion={page.occasion}
        label={editing ? `${editing.name}’s dishes` : 'Dishes for a new place'}
        initial={
          editing ? { name: editing.name, choices: editing.choices, allergies: editing.allergies } : undefined
        }
        typedForSomeone
        // The page does not know the e-mail a diner gave, so a change does not ask for it.
        askEmail={!editing}
        emailHint="If they would like a reminder before the deadline."
        submitLabel="Save their dishes"
        failure={ORGANISER_MESSAGES.failure}
        send={send}
        onKeep={onKeep}
      />
    </div>
  );
}

/**
 * Who has chosen (issue 30): each diner's name, dishes and allergies, the places still to choose, and (until
 * the deadline) the organiser choosing for a new place or changing someone's dishes.
 */
export function OrganiserDiners({
  token,
  page,
  onSaved,
}: {
  token: string;
  page: OrganiserPage;
  onSaved: (answer: api.OrganiserChoiceAnswer, name: string) => void;
}) {
  const [choosing, setChoosing] = useState<Choosing | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const open = !page.locked && page.status === 'CONFIRMED';
  const placesLeft = Math.max(0, page.partySize - page.diners.length);

  function keep() {
    setChoosing(null);
    title.current?.focus();
  }

  return (
    <section aria-labelledby="organiser-diners-title" className="space-y-4">
      <h2
        id="organiser-diners-title"
        ref={title}
        tabIndex={-1}
        className="font-serif text-2xl text-green-900 focus:outline-none"
      >
        Who has chosen
      </h2>
      <p className="text-lg font-semibold">
        {page.diners.length} of {page.partySize} chosen.{' '}
        {placesLeft > 0 ? ORGANISER_MESSAGES.notChosen(placesLeft) : ORGANISER_MESSAGES.allChosen}
      </p>
      {open && placesLeft > 0 ? (
        <p className="text-ink-soft">
          {ORGANISER_MESSAGES.defaultsToCome(deadlineText(page.preOrderDeadline))}
        </p>
      ) : null}
      {choosing && open ? (
        <ChooseFor
          key={choosing.kind === 'edit' ? choosing.diner.id : 'new'}
          token={token}
          page={page}
          choosing={choosing}
          onSaved={(answer, name) => {
            setChoosing(null);
            onSaved(answer, name);
          }}
          onKeep={keep}
        />
      ) : null}
      {page.diners.length > 0 ? (
        <ul aria-label="Diners" className="grid gap-4 md:grid-cols-2">
          {page.diners.map((diner) => (
            <li key={diner.id} className="space-y-3 rounded-xl border border-cream-300 bg-white p-4">
              <h3 className="font-serif text-xl break-words text-green-900">{diner.name}</h3>
              {diner.chosenBy === 'default' ? (
                <p className="text-sm text-ink-soft">Given the default dishes at the deadline.</p>
              ) : null}
              <ChoiceList occasion={page.occasion} diner={diner} />
              {open ? (
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={`Edit ${diner.name}’s dishes`}
                  onClick={() => setChoosing({ kind: 'edit', diner })}
                >
                  Edit
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{ORGANISER_MESSAGES.nobodyYet}</p>
      )}
      {open && placesLeft > 0 && !choosing ? (
        <button type="button" className="btn-dark" onClick={() => setChoosing({ kind: 'new' })}>
          Choose for someone
        </button>
      ) : null}
    </section>
  );
}
