import { useEffect, useRef, useState } from 'react';
import type { Diner, DinerPage } from '#shared/occasions/api.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import * as api from './api.ts';
import { ChoiceList } from './diner-choice-list.tsx';
import { DinerChoicesForm } from './diner-choices-form.tsx';
import { DINER_MESSAGES } from './diner-words.ts';

/** The diner's choices taken: what the kitchen has of them, said once and focused. */
function Thanks({
  page,
  diner,
  onAnother,
}: {
  page: DinerPage;
  diner: Diner;
  onAnother: (() => void) | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-5">
      <h2 ref={heading} tabIndex={-1} className="font-serif text-3xl text-green-900 focus:outline-none">
        {DINER_MESSAGES.thanks(diner.name)}
      </h2>
      <ChoiceList occasion={page.occasion} diner={diner} />
      <p className="text-lg">
        {DINER_MESSAGES.changeLater(page.organiserFirstName)} {DINER_MESSAGES.closePage}
      </p>
      {onAnother ? (
        <button type="button" className="btn-outline" onClick={onAnother}>
          {DINER_MESSAGES.chooseAnother}
        </button>
      ) : null}
    </div>
  );
}

function Notice({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900"
    >
      {children}
    </p>
  );
}

/**
 * A diner's own link (issue 30): their name, dishes and allergies until the deadline, then a thank-you with
 * what they chose; a closed order and a full table said in words.
 */
export function DinerChoosing({ token, page }: { token: string; page: DinerPage }) {
  const [placesLeft, setPlacesLeft] = useState(page.placesLeft);
  const [sent, setSent] = useState<Diner | null>(null);
  const organiser = page.organiserFirstName;

  if (page.locked) return <Notice>{PRE_ORDER_MESSAGES.closed(page.preOrderDeadline, organiser)}</Notice>;
  if (sent) {
    return <Thanks page={page} diner={sent} onAnother={placesLeft > 0 ? () => setSent(null) : null} />;
  }
  if (placesLeft <= 0) return <Notice>{DINER_MESSAGES.full(organiser)}</Notice>;
  return (
    <DinerChoicesForm
      occasion={page.occasion}
      label="Your dishes"
      emailHint={DINER_MESSAGES.emailHint}
      submitLabel={DINER_MESSAGES.send}
      failure={DINER_MESSAGES.failure}
      send={async (request) => {
        const diner = await api.sendDinerChoices(token, request);
        setPlacesLeft((left) => left - 1);
        setSent(diner);
      }}
    />
  );
}
