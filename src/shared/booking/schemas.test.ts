import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, idempotencyKeySchema } from './schemas.ts';
import { BOOKING_FIELD_LIMITS } from './validation.ts';

function firstError(value: unknown): string | undefined {
  const result = bookingRequestSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('bookingRequestSchema', () => {
  it('fills blanks: missing text is empty, missing guests are 0, no occasion is None', () => {
    expect(bookingRequestSchema.parse({})).toEqual({
      website: '',
      name: '',
      phone: '',
      email: '',
      date: '',
      timeSlot: '',
      partyAdults: 0,
      partyChildren: 0,
      eventSlug: null,
      hasAccessibilityNeeds: false,
      accessibilityNotes: '',
      occasion: 'None',
      occasionNotes: '',
      allergies: '',
      specialNotes: '',
      marketingConsent: false,
    });
  });

  it('trims text, keeps line breaks in notes and drops unknown keys', () => {
    const parsed = bookingRequestSchema.parse({
      name: '  Margaret Ellis ',
      email: ' margaret@example.com\n',
      date: ' 2026-06-09 ',
      allergies: '  Peanuts\nShellfish  ',
      eventSlug: ' quiz-night ',
      status: 'CANCELLED',
      _id: 'injected',
    });
    expect(parsed).toMatchObject({
      name: 'Margaret Ellis',
      email: 'margaret@example.com',
      date: '2026-06-09',
      allergies: 'Peanuts\nShellfish',
      eventSlug: 'quiz-night',
    });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('_id');
  });

  it.each([
    [{ partyAdults: '3', partyChildren: '' }, 3, 0],
    [{ partyAdults: 2, partyChildren: null }, 2, 0],
    [{ partyAdults: ' 4 ' }, 4, 0],
  ])('reads guest counts from %j', (input, adults, children) => {
    expect(bookingRequestSchema.parse(input)).toMatchObject({ partyAdults: adults, partyChildren: children });
  });

  it.each([-1, 1.5, 'two', true, Number.POSITIVE_INFINITY, '1e400'])('refuses %j adults', (partyAdults) => {
    expect(firstError({ partyAdults })).toBe('Adults must be a whole number, 0 or more.');
  });

  it('refuses an occasion not in the list, and accepts one that is', () => {
    expect(firstError({ occasion: 'Wake' })).toBe('Please choose an occasion from the list.');
    expect(bookingRequestSchema.parse({ occasion: 'Quiz Night' }).occasion).toBe('Quiz Night');
  });

  it('refuses text over its limit after trimming, and accepts text at it', () => {
    const limit = BOOKING_FIELD_LIMITS.name;
    expect(firstError({ name: 'a'.repeat(limit + 1) })).toBe(
      `Name is too long (${limit} characters at most).`,
    );
    expect(firstError({ name: ` ${'a'.repeat(limit)} ` })).toBeUndefined();
    expect(firstError({ specialNotes: 'x'.repeat(BOOKING_FIELD_LIMITS.specialNotes + 1) })).toBe(
      'Special notes is too long (1000 characters at most).',
    );
  });

  it('refuses control characters, which cannot be stored or belong in a name', () => {
    expect(firstError({ name: 'Bob\u0000' })).toBe('Name contains characters we cannot accept.');
    expect(firstError({ phone: '07700\n900123' })).toBe('Phone must be on one line.');
    expect(firstError({ phone: '07700\ud800' })).toBe('Phone contains characters we cannot accept.');
    expect(firstError({ allergies: 'nuts\u0007' })).toBe('Allergies contains characters we cannot accept.');
  });

  it('refuses wrong types with a readable message', () => {
    expect(firstError({ name: 42 })).toBe('Name must be text.');
    expect(firstError({ hasAccessibilityNeeds: 'yes' })).toBe('Accessibility needs must be true or false.');
    expect(firstError([])).toBe('Please send the booking as a JSON object.');
    expect(firstError(null)).toBe('Please send the booking as a JSON object.');
  });
});

describe('idempotencyKeySchema', () => {
  it('accepts 1 to 200 printable characters', () => {
    expect(idempotencyKeySchema.safeParse('a').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('6f1c7a4e-2b1d-4d3e-9a55-0c8f1e2d3b4a').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('k'.repeat(200)).success).toBe(true);
  });

  it.each(['', 'k'.repeat(201), 'tab\there', 'naïve'])('refuses %j', (key) => {
    expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
  });
});
