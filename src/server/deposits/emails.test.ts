import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { termsFor } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { depositRule } from '#tests/helpers/deposit-rules.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { depositTermsPart, noShowFeeReceiptEmail, paymentRequestEmail, refundedEmail } from './emails.ts';

const { venue } = seedContent;

/** Saturday 12 December 2026, 7pm, eight guests. */
const BOOKING = storedBookingFixture({
  reference: 'RC-DEP8K2',
  date: '2026-12-12',
  timeSlot: '19:00',
  name: 'Priya Shah',
  email: 'priya@example.com',
  partyAdults: 8,
  partySize: 8,
});

const RULE = depositRule({ id: 'large-weekends', bookings: 'tables' });
const DEPOSIT = termsFor(RULE, { date: BOOKING.date, timeSlot: BOOKING.timeSlot, guests: 8 });
const GUARANTEE = termsFor(
  { ...RULE, kind: 'guarantee', perPersonPence: 1500 },
  { date: BOOKING.date, timeSlot: BOOKING.timeSlot, guests: 4 },
);

const textOf = (mail: { text?: unknown }) => String(mail.text);
const htmlOf = (mail: { html?: unknown }) => String(mail.html);
const partHtml = (part: { html: ReactNode }) => renderToStaticMarkup(part.html);

describe('the terms in a letter', () => {
  it('says the deposit paid, then the terms word for word, in text and HTML', () => {
    const part = depositTermsPart(DEPOSIT, { state: 'paid', paidPence: 8000 });
    const sentences = termsText(DEPOSIT);
    expect(sentences[0]).toContain('£10.00 per person (£80.00 for 8)');
    expect(part.text).toBe(['Deposit paid: £80.00', ...sentences].join('\n'));
    const html = partHtml(part);
    expect(html).toContain('Deposit paid: £80.00');
    for (const sentence of sentences) expect(html).toContain(sentence);
  });

  it('says a guarantee’s card is saved and nothing taken, then its terms', () => {
    const part = depositTermsPart(GUARANTEE, { state: 'card-held', paidPence: 0 });
    const sentences = termsText(GUARANTEE);
    expect(sentences.join(' ')).toContain('up to £15.00 per person (£60.00 for 4)');
    expect(part.text).toBe(['Card saved: nothing has been taken', ...sentences].join('\n'));
    for (const sentence of sentences) expect(partHtml(part)).toContain(sentence);
  });

  it('tells a waived deposit without terms that no longer bind anyone', () => {
    const part = depositTermsPart(DEPOSIT, { state: 'waived', paidPence: 0 });
    expect(part.text).toBe('Deposit waived: nothing has been taken');
    expect(partHtml(part)).not.toContain(termsText(DEPOSIT)[0]);
  });
});

describe('the payment request for a booking taken by phone', () => {
  const MANAGE = 'https://roseandcrown.example/bookings/manage/tok-123';
  /** Friday 4 December 2026, 18:30 in London (GMT). */
  const HOLD_UNTIL = new Date('2026-12-04T18:30:00Z');

  it('says the table is held until when, and to pay from the guest’s own page, with the terms', () => {
    const mail = paymentRequestEmail(BOOKING, DEPOSIT, venue, MANAGE, HOLD_UNTIL);
    expect(mail.to).toEqual({ name: 'Priya Shah', address: 'priya@example.com' });
    expect(mail.subject).toBe(
      'Please confirm your table at The Rose & Crown — Saturday 12 December 2026, 7pm',
    );
    const text = textOf(mail);
    expect(text).toContain('by phone');
    expect(text).toContain('We are holding your table until 6:30pm on Friday 4 December 2026.');
    expect(text).toContain('please pay the deposit of £80.00 from your booking’s page');
    expect(text).toContain(`Pay the £80.00 deposit: ${MANAGE}`);
    expect(text).toContain('Deposit to pay: £80.00');
    expect(text).toContain('Reference:            RC-DEP8K2');
    const html = htmlOf(mail);
    expect(html).toContain(`href="${MANAGE}"`);
    for (const sentence of termsText(DEPOSIT)) {
      expect(text).toContain(sentence);
      expect(html).toContain(sentence);
    }
  });

  it('asks for a card, not money, for a guarantee', () => {
    const text = textOf(paymentRequestEmail(BOOKING, GUARANTEE, venue, MANAGE, HOLD_UNTIL));
    expect(text).toContain('please save a card from your booking’s page. Nothing is taken now.');
    expect(text).toContain(`Save a card: ${MANAGE}`);
    expect(text).not.toContain('Pay the');
    for (const sentence of termsText(GUARANTEE)) expect(text).toContain(sentence);
  });
});

describe('the refund and the no-show fee receipt', () => {
  it('tells the guest the deposit is refunded in full to their card, and how long it takes', () => {
    const mail = refundedEmail(BOOKING, { of: 'deposit', pence: 8000 }, venue);
    expect(mail.to).toEqual({ name: 'Priya Shah', address: 'priya@example.com' });
    expect(mail.subject).toBe(
      'Your deposit is being refunded — The Rose & Crown, Saturday 12 December 2026, 7pm',
    );
    const text = textOf(mail);
    expect(text).toContain(
      'Your deposit of £80.00 for your table on Saturday 12 December 2026, 7pm is being refunded in full to ' +
        'the card you paid with. Refunds usually arrive within 5 to 10 working days.',
    );
    expect(text).toContain('Refund:               £80.00');
    expect(text).toContain('RC-DEP8K2');
    expect(htmlOf(mail)).toContain('£80.00');
  });

  it('is a receipt naming the fee, the card saved at booking, the booking’s reference and date', () => {
    const mail = noShowFeeReceiptEmail({ ...BOOKING, partyAdults: 4, partySize: 4 }, 6000, venue);
    expect(mail.subject).toBe('Receipt: no-show fee of £60.00 — The Rose & Crown, RC-DEP8K2');
    const text = textOf(mail);
    expect(text).toContain(
      'As the terms you agreed when you booked said, we have charged a no-show fee of £60.00 to the card you saved.',
    );
    expect(text).toContain('Charged:              £60.00');
    expect(text).toContain('For:                  No-show fee: table for 4 adults');
    expect(text).toContain('Date:                 Saturday 12 December 2026');
    expect(text).toContain('Reference:            RC-DEP8K2');
    expect(text).toContain(`Questions? Call us on ${venue.phone}`);
    const html = htmlOf(mail);
    expect(html).toContain('£60.00');
    expect(html).toContain('RC-DEP8K2');
    expect(html).toContain(venue.phone);
  });

  it('escapes the guest’s name in the HTML and keeps it as typed in the text', () => {
    const booking = { ...BOOKING, name: hostileText('Name') };
    for (const mail of [
      paymentRequestEmail(booking, DEPOSIT, venue, 'https://x.example/m', new Date()),
      refundedEmail(booking, { of: 'deposit', pence: 8000 }, venue),
      noShowFeeReceiptEmail(booking, 6000, venue),
    ]) {
      expect(htmlOf(mail)).toContain(escapedHostileText('Name'));
      expect(htmlOf(mail)).not.toContain('<script>');
      expect(textOf(mail)).toContain(hostileText('Name'));
    }
  });
});
