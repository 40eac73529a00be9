import type { ReactNode } from 'react';

/** Where a button of the promo takes the guest. */
export interface PromoAction {
  label: string;
  to: string;
}

/** What the promo shows, whatever it promotes: the dialog on a wide screen and the card on a phone. */
export interface PromoOffer {
  /** The line over the dialog's title. */
  eyebrow: string;
  title: string;
  /** The dialog's list of what is offered. */
  details: ReactNode;
  /** The same, in the one line the phone's card has room for. */
  line: ReactNode;
  /** The first is the offer itself, the rest alternatives; "Not now" follows them. */
  actions: readonly [PromoAction, ...PromoAction[]];
}
