import { describe, expect, it } from 'vitest';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { christmasBookingEmails, christmasGuestConfirmation, christmasRefundEmail } from './emails.ts';

const { venue } = seedContent;
const season = seedSeason;
const publicUrl = 'https://roseandcrown.example';

import type { ChristmasBookingRow, ReservationRow } from './store.ts';

const ONLINE = christmasBookingRow({
  selections: {
    starters: [
      { item: 'parsnip-soup', count: 2 },
      { item: 'smoked-salmon', count: 1 },
    ],
    mains: [{ item: 'roast-turkey', count: 3 }],
    desserts: [{ item: 'christmas-pudding', count: 3 }],
  },
});

const PHONE = christmasBookingRow({
  ...ONLINE,
  reference: 'XMAS-PHON',
  source: 'phone',
  depositPaidPence: 0,
});

const HOSTILE = christmasBookingRow({
  ...ONLINE,
  name: hostileText('Name'),
  allergies: hostileText('Allergies'),
  occasionNotes: hostileText('Occasion'),
  specialNotes: hostileText('Notes'),
});

function lettersOf(booking: ChristmasBookingRow) {
  const [guest, pub] = christmasBookingEmails(booking, {
    venue,
    season,
    pubAddress: 'landlord@example.com',
    publicUrl,
  });
  return { guest: guest as NonNullable<typeof guest>, pub: pub as NonNullable<typeof pub> };
}

/** The plain text before the pub's details at the foot. */
const letterText = (text: unknown) => String(text).split('\n\n--\n')[0];

describe('Christmas e-mails', () => {
  it('confirm a paid booking in plain text, amounts lined up clear of the longest label', () => {
    const { guest } = lettersOf(ONLINE);
    expect(guest.to).toEqual({ name: 'Margaret Hale', address: 'margaret@example.com' });
    expect(guest.subject).toBe('Your Christmas Day booking at The Rose & Crown — XMAS-ABCD');
    const text = letterText(guest.text);
    expect(text).toContain(
      [
        'Reference:              XMAS-ABCD',
        'Date:                   Friday 25 December 2026',
        'Sitting:                12pm–2pm',
        'Party:                  2 adults and 1 child',
        'Pre-order:              Starters: 2 × Spiced parsnip & apple soup, 1 × Oak-smoked salmon',
        '                        Mains: 3 × Roast Norfolk turkey',
        '                        Desserts: 3 × Christmas pudding',
        'Deposit paid:           £75.00',
        'Total for your party:   £240.00',
        'Balance due on the day: £165.00',
      ].join('\n'),
    );
    expect(text).toMatch(
      /^Dear Margaret Hale,\n\nThank you — your deposit is paid and your table for Christmas/,
    );
    expect(text).toContain('\n\nDeposit terms:\n- Three courses at £95 per adult');
    expect(text).toContain('- The deposit is non-refundable if you or your guests do not attend.\n');
    expect(text).toContain(
      `call us on ${venue.phone} or reply to this e-mail, quoting your reference XMAS-ABCD.\n\n` +
        'Merry Christmas,\nThe team at The Rose & Crown',
    );
  });

  it('confirm a phone booking without a deposit: no deposit row, no deposit terms', () => {
    const guest = christmasGuestConfirmation(PHONE, { venue, season, publicUrl });
    for (const part of [String(guest.text), String(guest.html)]) {
      expect(part).toContain('Thank you for booking with us — your table for Christmas Day is confirmed.');
      expect(part).not.toContain('Deposit');
    }
    expect(guest.text).toContain('Balance due on the day: £240.00');
  });

  it('tell the pub every detail in plain text', () => {
    const { pub } = lettersOf(ONLINE);
    expect(pub.to).toBe('landlord@example.com');
    expect(pub.replyTo).toEqual({ name: 'Margaret Hale', address: 'margaret@example.com' });
    expect(pub.text).toBe(
      [
        'New Christmas Day booking, deposit paid online.',
        '',
        'Reference:            XMAS-ABCD',
        'Sitting:              12pm–2pm',
        'Name:                 Margaret Hale',
        'Phone:                07700 900123',
        'Email:                margaret@example.com',
        'Adults:               2',
        'Children:             1',
        'Pre-order:            Starters: 2 × Spiced parsnip & apple soup, 1 × Oak-smoked salmon',
        '                      Mains: 3 × Roast Norfolk turkey',
        '                      Desserts: 3 × Christmas pudding',
        'Deposit paid:         £75.00',
        'Balance due:          £165.00',
        'Allergies:            —',
        'Occasion notes:       —',
        'Special notes:        —',
        'Booked:               Sunday 22 November 2026, 12pm',
      ].join('\n'),
    );
  });

  it('escape the name, allergies and notes in the HTML and keep them as typed in the text', () => {
    const { guest, pub } = lettersOf(HOSTILE);
    for (const mail of [guest, pub]) {
      const html = String(mail.html);
      const text = String(mail.text);
      for (const field of ['Name', 'Allergies', 'Occasion', 'Notes']) {
        expect(html).toContain(escapedHostileText(field));
        expect(text).toContain(hostileText(field));
      }
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('"quotes"');
    }
  });

  it('tell a guest whose payment came too late that the deposit is refunded', () => {
    const reservation = {
      name: hostileText('Name'),
      email: 'margaret@example.com',
      allergies: hostileText('Allergies'),
      specialNotes: hostileText('Notes'),
      amountPaidPence: 7500,
      depositPence: 7500,
    } as ReservationRow;
    const mail = christmasRefundEmail(reservation, venue);
    expect(mail.subject).toBe('Your Christmas Day deposit is being refunded — The Rose & Crown');
    expect(letterText(mail.text)).toBe(
      [
        `Dear ${hostileText('Name')},`,
        '',
        'We are very sorry: your payment reached us after your held seats had been released, and that ' +
          'sitting is now full. We have not taken your booking, and your deposit of £75.00 is being ' +
          'refunded in full to your card. Refunds usually arrive within 5 to 10 working days.',
        '',
        `If you would still like to join us on Christmas Day, please call us on ${venue.phone}.`,
        '',
        'With our apologies,',
        'The team at The Rose & Crown',
      ].join('\n'),
    );
    const html = String(mail.html);
    expect(html).toContain(`Dear ${escapedHostileText('Name')},`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('Allergies');
  });
});
