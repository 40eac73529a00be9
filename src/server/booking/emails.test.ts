import { describe, expect, it } from 'vitest';
import type { ServiceClosure, StoredBooking } from '#shared/booking/schemas.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { bookingEmails, serviceClosedApologyEmail } from './emails.ts';

const { venue } = seedContent;
const CALENDAR = { publicUrl: 'https://roseandcrown.example', settings: seedContent['booking-settings'] };

const BOOKING: StoredBooking = {
  _id: '00000000-0000-4000-8000-000000000000',
  reference: 'RC-7KQ2M9',
  date: '2026-12-06',
  service: 'lunch',
  timeSlot: '13:00',
  name: 'Priya Shah',
  email: 'priya@example.com',
  phone: '07700 900789',
  partyAdults: 1,
  partyChildren: 0,
  partySize: 1,
  status: 'CONFIRMED',
  source: 'online',
  eventSlug: null,
  cancelledBy: null,
  comingConfirmedAt: null,
  madeBy: null,
  changedBy: null,
  hasAccessibilityNeeds: false,
  accessibilityNotes: '',
  occasion: 'None',
  occasionNotes: '',
  allergies: '',
  specialNotes: '',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
};

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
