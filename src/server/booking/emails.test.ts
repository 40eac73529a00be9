import { describe, expect, it } from 'vitest';
import type { ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import { termsFor } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { bookingChangedEmail, bookingEmails, serviceClosedApologyEmail } from './emails.ts';

const { venue } = seedContent;
const CALENDAR = { publicUrl: 'https://roseandcrown.example', settings: seedContent['booking-settings'] };

const BOOKING = storedBookingFixture({
  _id: '00000000-0000-4000-8000-000000000000',
  reference: 'RC-7KQ2M9',
  date: '2026-12-06',
  service: 'lunch',
  timeSlot: '13:00',
  name: 'Priya Shah',
  email: 'priya@example.com',
  phone: '07700 900789',
  partyAdults: 1,
  partySize: 1,
});

function emails(overrides: Partial<StoredBooking> = {}) {
  const [guest, pub] = bookingEmails(
    { ...BOOKING, ...overrides },
    { venue, pubAddress: 'landlord@example.com' },
    CALENDAR,
  );
  return { guest: guest as NonNullable<typeof guest>, pub: pub as NonNullable<typeof pub> };
}

describe('booking e-mails', () => {
  it('addresses the guest and the pub', () => {
    const { guest, pub } = emails();
    expect(guest.to).toEqual({ name: 'Priya Shah', address: 'priya@example.com' });
    expect(pub.to).toBe('landlord@example.com');
    expect(pub.replyTo).toEqual({ name: 'Priya Shah', address: 'priya@example.com' });
  });

  it('names a Sunday lunch a Sunday Roast and counts a party of one', () => {
    const { guest } = emails();
    expect(guest.subject).toBe('Your table at The Rose & Crown — Sunday 6 December 2026, 1pm');
    expect(guest.text).toContain('1pm (Sunday Roast)');
    expect(guest.text).toContain('1 adult');
    expect(emails({ partyAdults: 0, partyChildren: 2, partySize: 2 }).guest.text).toContain('2 children');
  });

  it('asks the guest to tell staff about allergies when none were given', () => {
    const { guest } = emails();
    expect(guest.text).toContain('please tell a member of staff before you order');
    expect(guest.text).not.toContain('You told us about these allergies');
  });

  it('repeats the allergies the guest gave, line by line', () => {
    const { guest } = emails({ allergies: 'Coeliac\nNo nuts' });
    expect(guest.text).toContain('You told us about these allergies or dietary needs:\n  Coeliac\n  No nuts');
    expect(guest.html).toContain('Coeliac<br/>No nuts');
  });

  it('writes the guest a plain-text letter with the booking lined up, then the pub’s details', () => {
    const { guest } = emails();
    const [letter, footer] = String(guest.text).split('\n\n--\n');
    expect(letter).toBe(
      [
        'Dear Priya Shah,',
        '',
        'Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.',
        '',
        'Date:                 Sunday 6 December 2026',
        'Time:                 1pm (Sunday Roast)',
        'Party:                1 adult',
        'Reference:            RC-7KQ2M9',
        '',
        'If anyone in your party has a food allergy or intolerance, please tell a member of staff before ' +
          'you order. Many of our dishes can be made vegan.',
        '',
        `Need to change or cancel? Call us on ${venue.phone} or reply to this e-mail, quoting your ` +
          'reference RC-7KQ2M9.',
        '',
        'See you soon,',
        'The team at The Rose & Crown',
      ].join('\n'),
    );
    expect(footer?.split('\n')).toEqual(expect.arrayContaining([venue.name, venue.phone, venue.email]));
  });

  it('tells the pub every detail in plain text', () => {
    const { pub } = emails();
    expect(pub.text).toBe(
      [
        'New table booking, booked online and confirmed automatically.',
        '',
        'Reference:            RC-7KQ2M9',
        'Status:               CONFIRMED',
        'Date:                 Sunday 6 December 2026',
        'Time:                 1pm (Sunday Roast)',
        'Name:                 Priya Shah',
        'Phone:                07700 900789',
        'Email:                priya@example.com',
        'Adults:               1',
        'Children:             0',
        'Total guests:         1',
        'Event:                —',
        'Occasion:             None',
        'Occasion notes:       —',
        'Accessibility needs:  No',
        'Accessibility notes:  —',
        'Allergies:            —',
        'Special notes:        —',
        'Booked:               Sunday 22 November 2026, 12pm',
      ].join('\n'),
    );
  });

  it('escapes the name, allergies and notes in the HTML and keeps them as typed in the text', () => {
    const { guest, pub } = emails({
      name: hostileText('Name'),
      allergies: hostileText('Allergies'),
      specialNotes: hostileText('Notes'),
    });
    for (const mail of [guest, pub]) {
      const html = String(mail.html);
      const text = String(mail.text);
      for (const field of ['Name', 'Allergies', 'Notes']) {
        expect(html).toContain(escapedHostileText(field));
        expect(text).toContain(hostileText(field));
      }
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('"quotes"');
    }
  });

  it('escapes every value the guest typed in the HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { guest, pub } = emails({
      name: hostile,
      email: `x"><svg onload=alert(1)>@example.com`,
      phone: hostile,
      hasAccessibilityNeeds: true,
      accessibilityNotes: hostile,
      occasion: 'Other',
      occasionNotes: hostile,
      allergies: hostile,
      specialNotes: hostile,
      eventSlug: hostile,
    });
    for (const html of [String(guest.html), String(pub.html)]) {
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<svg');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });
});

describe('the apology for a closed service', () => {
  const closure: ServiceClosure = {
    _id: '00000000-0000-4000-8000-000000000001',
    date: BOOKING.date,
    service: 'lunch',
    reason: 'A burst pipe in the kitchen',
  };

  it('says sorry, why the pub closed, which booking is cancelled and the number to book again', () => {
    const mail = serviceClosedApologyEmail(
      { ...BOOKING, partyAdults: 2, partyChildren: 1, partySize: 3 },
      closure,
      venue,
      CALENDAR,
    );
    expect(mail.to).toEqual({ name: 'Priya Shah', address: 'priya@example.com' });
    expect(mail.subject).toBe(
      'We are sorry: your table at The Rose & Crown is cancelled — Sunday 6 December 2026, 1pm',
    );
    const [letter] = String(mail.text).split('\n\n--\n');
    expect(letter).toBe(
      [
        'Dear Priya Shah,',
        'We are very sorry, but we have had to close Sunday Roast on Sunday 6 December 2026.',
        'Why we have had to close: A burst pipe in the kitchen',
        'Your booking RC-7KQ2M9 for 2 adults and 1 child at 1pm is cancelled.',
        `We would love to welcome you another time. To book again, call us on ${venue.phone} or reply to ` +
          'this e-mail, quoting your reference RC-7KQ2M9.',
        'With our apologies,\nThe team at The Rose & Crown',
      ].join('\n\n'),
    );
    expect(String(mail.html)).toContain('RC-7KQ2M9');
    expect(String(mail.html)).toContain(venue.phone);
  });

  it('gives no reason when staff typed none', () => {
    const mail = serviceClosedApologyEmail(BOOKING, { ...closure, reason: '' }, venue, CALENDAR);
    expect(mail.text).not.toContain('Why we have had to close');
    expect(mail.html).not.toContain('Why we have had to close');
  });

  it('escapes the reason and the guest’s name in the HTML and keeps them as typed in the text', () => {
    const mail = serviceClosedApologyEmail(
      { ...BOOKING, name: hostileText('Name') },
      { ...closure, reason: hostileText('Reason') },
      venue,
      CALENDAR,
    );
    for (const field of ['Name', 'Reason']) {
      expect(String(mail.html)).toContain(escapedHostileText(field));
      expect(String(mail.text)).toContain(hostileText(field));
    }
    expect(String(mail.html)).not.toContain('<script>');
  });
});

describe('a booking’s deposit or card guarantee in its e-mails', () => {
  const party = {
    partyAdults: 8,
    partySize: 8,
    date: '2026-12-12',
    service: 'dinner' as const,
    timeSlot: '19:00',
  };
  const rule = {
    id: 'large-weekends',
    name: 'Large parties at weekends',
    bookings: 'tables' as const,
    partyFrom: 8,
    weekdays: [5, 6],
    dateRanges: [],
    services: [],
    eventSlugs: [],
    kind: 'deposit' as const,
    perPersonPence: 1000,
    cancelHours: 48,
  };
  const deposit = termsFor(rule, { date: party.date, timeSlot: party.timeSlot, guests: 8 });
  const guarantee = termsFor({ ...rule, kind: 'guarantee', perPersonPence: 1500 }, { ...party, guests: 8 });
  const paid = { terms: deposit, state: 'paid' as const, paidPence: 8000 };

  function withPayment(payment: Parameters<typeof bookingEmails>[5]) {
    const [guest, pub] = bookingEmails(
      { ...BOOKING, ...party },
      { venue, pubAddress: 'landlord@example.com' },
      CALENDAR,
      'https://roseandcrown.example/bookings/manage/tok',
      undefined,
      payment,
    );
    return { guest: guest as NonNullable<typeof guest>, pub: pub as NonNullable<typeof pub> };
  }

  it('repeats the terms word for word after the booking’s details, saying what was paid', () => {
    const { guest } = withPayment(paid);
    const text = String(guest.text);
    const sentences = termsText(deposit);
    expect(text).toContain(['Deposit paid: £80.00', ...sentences].join('\n'));
    expect(text.indexOf('Reference:')).toBeLessThan(text.indexOf('Deposit paid: £80.00'));
    expect(text.indexOf(sentences[2] as string)).toBeLessThan(text.indexOf('please tell a member of staff'));
    for (const sentence of sentences) expect(String(guest.html)).toContain(sentence);
  });

  it('says a guarantee’s card is saved and nothing was taken', () => {
    const { guest } = withPayment({ terms: guarantee, state: 'card-held', paidPence: 0 });
    expect(guest.text).toContain('Card saved: nothing has been taken');
    for (const sentence of termsText(guarantee)) expect(guest.text).toContain(sentence);
    expect(guest.text).not.toContain('Deposit paid');
  });

  it('tells the pub the deposit or the guarantee in a row of its own', () => {
    expect(withPayment(paid).pub.text).toContain('Deposit:              £80.00 deposit — paid\n');
    expect(withPayment({ terms: guarantee, state: 'card-held', paidPence: 0 }).pub.text).toContain(
      'Card guarantee:       Card guarantee (no-show fee up to £120.00) — card saved\n',
    );
    for (const mail of Object.values(withPayment(null))) {
      expect(mail.text).not.toMatch(/Deposit|Card guarantee|All prices include VAT/);
    }
  });

  it('repeats the terms when the booking changes', () => {
    const changed = bookingChangedEmail({ ...BOOKING, ...party }, venue, CALENDAR, undefined, true, paid);
    const text = String(changed.text);
    expect(text).toContain('Your booking is changed.');
    expect(text).toContain(['Deposit paid: £80.00', ...termsText(deposit)].join('\n'));
    expect(bookingChangedEmail(BOOKING, venue, CALENDAR).text).not.toContain('Deposit');
  });
});
