/** Every text the deposits speak to guests and staff (issue 29), in one place. */
export const DEPOSIT_MESSAGES = {
  notConfigured: (phone: string) =>
    `Online payments are not available right now, and this booking needs one. Please call us on ${phone} to book.`,
  provider: 'We could not start the payment just now. Nothing has been booked. Please try again in a moment.',
  providerBusy:
    'We could not reach the payment provider just now. Your places are held: please try again in a moment.',
  holdLapsed:
    'The time to pay for this booking ran out, so it was not made and nothing was taken. Please book again.',
  cancelledAtCheckout: 'You left the payment, so this booking was not made and nothing was taken.',
  awaiting: 'We are waiting to hear from the payment provider. This page will update in a moment.',
  windowChanged:
    'Free cancellation has just ended, so what a cancellation does has changed. Please read it again before you cancel.',
  needsRulesPayments:
    'Deposit rules need online payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET before saving a rule.',
  noPayment: 'This booking has no deposit or card guarantee.',
  notRefundable: 'This deposit cannot be refunded now: it has been refunded or kept already.',
  notKeepable: 'This deposit cannot be kept now: it has been refunded or kept already.',
  feeNotChargeable:
    'A no-show fee can be charged only for a booking marked as a no-show or cancelled late, with its card held and no fee charged yet.',
  feeAlreadyCharged: 'A no-show fee has already been charged for this booking.',
  feeTooHigh: (cap: string) => `The fee can be at most ${cap}, as the guest agreed.`,
  feeFailed: (why: string) => `The card was declined: ${why.replace(/\.$/, '')}. Nothing was charged.`,
  feeProvider: 'We could not reach the payment provider. Nothing was charged; please try again in a moment.',
  refundProvider:
    'The refund could not be made just now. It stays pending and is tried again every few minutes.',
  waiverNeeded:
    'This booking matches a deposit rule: send the guest a payment link, or waive it with a reason.',
  requestNeedsEmail: 'A payment link goes by e-mail: add the guest’s e-mail address, or waive the deposit.',
  changeNeedsPayment: (phone: string) =>
    `This change needs a larger deposit or a card guarantee. Please call us on ${phone} and we will take it with the change.`,
  demoNotice: 'This is a demonstration checkout: no card is needed and no money is taken.',
} as const;
