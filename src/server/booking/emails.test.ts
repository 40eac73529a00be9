import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '../../shared/booking/request.ts';
import { bookingEmails } from './emails.ts';

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
  eventSlug: null,
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
  const [guest, pub] = bookingEmails({ ...BOOKING, ...overrides }, 'landlord@example.com');
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
    expect(guest.subject).toBe('Your table at The Rose & Crown — Sunday 6 December 2026, 1:00 PM');
    expect(guest.text).toContain('1:00 PM (Sunday Roast)');
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
    expect(guest.html).toContain('Coeliac<br>No nuts');
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
