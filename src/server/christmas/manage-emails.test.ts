import { describe, expect, it } from 'vitest';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import {
  christmasCancelledEmail,
  christmasChangedEmail,
  christmasGuestCancelledEmails,
} from './manage-emails.ts';

const mail = {
  venue: seedContent.venue,
  season: seedSeason,
  publicUrl: 'https://pub.test',
  pubAddress: 'landlord@example.com',
};
const LINK = `https://pub.test/christmas/manage/${'t'.repeat(43)}`;
const HOSTILE = christmasBookingRow({
  name: hostileText('Name'),
  allergies: hostileText('Allergies'),
  specialNotes: hostileText('Notes'),
});

/** The plain text before the pub's details at the foot. */
const letterText = (text: unknown) => String(text).split('\n\n--\n')[0];

describe('the e-mails of a guest’s own Christmas booking', () => {
  it('confirm a change with the order as it stands and a fresh link, escaping what the guest typed', () => {
    const changed = christmasChangedEmail(HOSTILE, mail, LINK);
    expect(changed.subject).toBe('Your Christmas Day order at The Rose & Crown has changed — XMAS-ABCD');
    expect(changed.text).toContain('Balance due on the day: £165.00');
    expect(changed.text).toContain(`Change or cancel your booking: ${LINK}`);
    expect(changed.html).toContain(`href="${LINK}"`);
    expect(changed.html).toContain(escapedHostileText('Allergies'));
    expect(changed.html).not.toContain('<script>');
  });

  it('say the pub changed it as the guest asked, when staff changed it by phone', () => {
    const changed = christmasChangedEmail(HOSTILE, mail, LINK, 'staff');
    expect(changed.subject).toBe(
      'We have changed your Christmas Day booking at The Rose & Crown — XMAS-ABCD',
    );
    expect(letterText(changed.text)).toContain(
      'As you asked, we have changed your Christmas Day booking. This is how it stands now:',
    );
    expect(changed.text).not.toContain('Your Christmas Day order is changed');
    expect(changed.text).toContain('Balance due on the day: £165.00');
    expect(changed.text).toContain(`Change or cancel your booking: ${LINK}`);
  });

  it('tell the guest and the pub of a guest’s cancellation, and what became of the deposit', () => {
    const [guest, pub] = christmasGuestCancelledEmails({ ...HOSTILE, refundPence: 7500 }, mail);
    expect(letterText(guest?.text)).toBe(
      [
        `Dear ${hostileText('Name')},`,
        '',
        'As you asked, your Christmas Day booking XMAS-ABCD (12pm–2pm, 2 adults and 1 child) is ' +
          'cancelled. Thank you for letting us know.',
        '',
        'Your deposit of £75.00 is being refunded to your card. Refunds usually arrive within 5 to 10 working days.',
        '',
        `If this is a mistake, call us on ${seedContent.venue.phone} or reply to this e-mail, quoting your ` +
          'reference XMAS-ABCD.',
        '',
        'With best wishes,',
        'The team at The Rose & Crown',
      ].join('\n'),
    );
    expect(pub?.to).toBe('landlord@example.com');
    expect(pub?.text).toMatch(/Deposit: +£75\.00 refunded to the guest/);
    const [, keptPub] = christmasGuestCancelledEmails(HOSTILE, mail);
    expect(keptPub?.text).toMatch(/Deposit: +£75\.00 kept \(cancelled after the refund date\)/);
    for (const letter of [guest, pub]) expect(String(letter?.html)).not.toContain('<script>');
  });

  it('tell a guest whose booking staff cancelled that the deposit is kept, when staff kept it', () => {
    const cancelled = christmasCancelledEmail(HOSTILE, mail);
    expect(cancelled.subject).toBe('Your Christmas Day booking at The Rose & Crown is cancelled — XMAS-ABCD');
    expect(cancelled.text).toContain('As our deposit terms say, your deposit of £75.00 is kept.');
    expect(cancelled.text).not.toContain('refunded');
  });

  it('attach the booking to the guest’s calendar: the new order as a request, a cancellation as a cancel', () => {
    const calendarOf = (letter: { attachments?: unknown } | undefined) =>
      String((letter?.attachments as { content: string }[] | undefined)?.[0]?.content ?? '');
    expect(calendarOf(christmasChangedEmail(HOSTILE, mail, LINK))).toContain('METHOD:REQUEST');
    const cancelledRow = { ...HOSTILE, status: 'CANCELLED' as const };
    const [guest, pub] = christmasGuestCancelledEmails(cancelledRow, mail);
    expect(calendarOf(guest)).toContain('METHOD:CANCEL');
    expect(pub?.attachments).toBeUndefined();
    expect(calendarOf(christmasCancelledEmail(cancelledRow, mail))).toContain('METHOD:CANCEL');
  });
});
