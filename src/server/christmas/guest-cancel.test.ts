import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema.ts';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { signIn } from '#tests/helpers/admin-session.ts';
import { phoneBooking } from '#tests/helpers/christmas.ts';
import { christmasManageToken } from '#tests/helpers/christmas-app.ts';
import { useChristmasGuestApp } from '#tests/helpers/christmas-guest.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { selectChristmasBookings } from './store.ts';

/** The last minute a cancellation refunds the deposit: the default, the end of 18 December (London, GMT). */
const LAST_REFUNDABLE_MINUTE = new Date('2026-12-18T23:59:30Z');
const FIRST_KEPT_MINUTE = new Date('2026-12-19T00:00:00Z');

describe.each(databaseTargets)(
  'guests cancel and confirm their own Christmas booking (demo payments) on $name',
  (target) => {
    const { t, bookOnline, open, cancel, earlySeatsLeft } = useChristmasGuestApp(target);
    const linkIn = (email: string, subject: string) => christmasManageToken(t, email, subject);

    it('cancels by refundableUntil with the deposit refunded (recorded, in the demo), seats freed, guest and pub told', async () => {
      const { email, reference, token } = await bookOnline();
      const seatsBefore = await earlySeatsLeft();
      t.setNow(LAST_REFUNDABLE_MINUTE);
      const before = (await open(token)).json();
      expect(before.depositOnCancel).toBe('refund');
      expect(before.booking.balanceDuePence).toBeGreaterThan(0);
      const cancelled = await cancel(token);
      expect(cancelled.statusCode).toBe(200);
      // Cancelled, it owes nothing on the day: the page shows the refund instead.
      expect(cancelled.json()).toMatchObject({
        booking: { status: 'CANCELLED', refundPence: 5000, balanceDuePence: 0 },
        changeable: false,
        cancellable: false,
      });
      expect(await earlySeatsLeft()).toBe(seatsBefore + 2);
      const [stored] = await selectChristmasBookings(t.database.db);
      expect(stored).toMatchObject({ cancelledBy: 'guest', refundPence: 5000 });
      expect(stored?.refundId).toMatch(/^demo_re_/);

      expect((await cancel(token)).statusCode).toBe(200);
      const told = (await mailInOutboxFolder(t)).filter((mail) => mail.subject.includes('ancelled'));
      expect(told).toHaveLength(2);
      const guest = told.find((mail) => mail.headers.get('to')?.includes(email));
      expect(guest?.subject).toBe(
        `You have cancelled your Christmas Day booking at The Rose & Crown — ${reference}`,
      );
      expect(guest?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.refundLine(5000));
      const pub = told.find((mail) => mail !== guest);
      expect(pub?.subject).toMatch(new RegExp(`^Cancelled by the guest ${reference}: Christmas Day`));
      expect(pub?.text).toMatch(/Deposit: +£50\.00 refunded to the guest/);

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/christmas/admin/bookings',
        headers: { cookie: await signIn(t) },
      });
      expect(list.json()).toEqual([
        expect.objectContaining({
          reference,
          cancelledBy: 'guest',
          refund: { pence: 5000, state: 'refunded' },
        }),
      ]);
    });

    it('cancels after refundableUntil with the deposit kept, as the page said it would be', async () => {
      const { email, token } = await bookOnline();
      t.setNow(FIRST_KEPT_MINUTE);
      expect((await open(token)).json().depositOnCancel).toBe('keep');
      const cancelled = await cancel(token);
      expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', refundPence: null } });
      expect((await open(token)).json().booking).toMatchObject({
        status: 'CANCELLED',
        depositPaidPence: 5000,
        balanceDuePence: 0,
      });
      const [stored] = await selectChristmasBookings(t.database.db);
      expect(stored).toMatchObject({ cancelledBy: 'guest', refundPence: null, refundId: null });
      const guest = (await mailInOutboxFolder(t)).find(
        (mail) => mail.headers.get('to')?.includes(email) && mail.subject.startsWith('You have cancelled'),
      );
      expect(guest?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.keptLine(5000));
      expect(guest?.text).not.toContain('refunded');
    });

    it('refuses to cancel once the sitting has started', async () => {
      const { token } = await bookOnline();
      t.setNow(new Date('2026-12-25T12:05:00Z'));
      expect((await open(token)).json()).toMatchObject({ cancellable: false, changeable: false });
      const late = await cancel(token);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: CHRISTMAS_MANAGE_MESSAGES.tooLateToCancel });
    });

    it('gives a booking taken by phone its link too: no deposit to refund or keep', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/christmas/admin/bookings',
        headers: { cookie: await signIn(t) },
        payload: phoneBooking(),
      });
      expect(created.statusCode).toBe(201);
      const token = await linkIn('arthur@example.com', 'Your Christmas Day booking');
      expect((await open(token)).json()).toMatchObject({ depositOnCancel: 'none', changeable: true });
      const cancelled = await cancel(token);
      expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', refundPence: null } });
      const guest = (await mailInOutboxFolder(t)).find((mail) =>
        mail.subject.startsWith('You have cancelled'),
      );
      expect(guest?.text).not.toContain('deposit');
    });

    it('tells the guest of a phone booking whose deposit staff took in cash to call us to settle it: no refund owed online', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/christmas/admin/bookings',
        headers: { cookie: await signIn(t) },
        payload: phoneBooking({ adults: 3 }, { depositMethod: 'cash' }),
      });
      expect(created.statusCode).toBe(201);
      const token = await linkIn('arthur@example.com', 'Your Christmas Day booking');
      t.setNow(LAST_REFUNDABLE_MINUTE);
      expect((await open(token)).json()).toMatchObject({ depositOnCancel: 'settle' });
      const cancelled = await cancel(token);
      expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', refundPence: null } });
      const [stored] = await selectChristmasBookings(t.database.db);
      expect(stored).toMatchObject({ refundPence: null, refundId: null, depositPaidPence: 7500 });
      const told = (await mailInOutboxFolder(t)).filter((mail) => mail.subject.includes('ancelled'));
      const guest = told.find((mail) => mail.subject.startsWith('You have cancelled'));
      expect(guest?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.depositSettled(7500, '0118 496 0000'));
      const pub = told.find((mail) => mail !== guest);
      expect(pub?.text).toContain(paidToStaffNotRefundedOnline(7500));
    });

    it('records the reminder’s “Yes, we’re coming” once, and never for a cancelled booking', async () => {
      const { token } = await bookOnline();
      const coming = () => t.app.inject({ method: 'POST', url: `/api/christmas/manage/${token}/coming` });
      expect((await open(token)).json().booking.comingConfirmedAt).toBeNull();
      const first = await coming();
      expect(first.statusCode).toBe(200);
      const confirmedAt = first.json().booking.comingConfirmedAt;
      expect(confirmedAt).toEqual(expect.any(String));
      expect((await coming()).json().booking.comingConfirmedAt).toBe(confirmedAt);
      const noted = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.type, 'christmas.coming'));
      expect(noted).toEqual([expect.objectContaining({ actorKind: 'guest' })]);
      const other = await bookOnline();
      await cancel(other.token);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/christmas/manage/${other.token}/coming`,
      });
      expect(refused.statusCode).toBe(409);
    });

    it('answers the booking as a calendar file for the guest’s “Add to calendar”', async () => {
      const { reference, token } = await bookOnline();
      const file = await t.app.inject({ method: 'GET', url: `/api/christmas/manage/${token}/calendar.ics` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('text/calendar');
      expect(file.headers['content-disposition']).toContain(reference);
      expect(file.body).toMatch(/^BEGIN:VCALENDAR/);
      expect(file.body).toContain('TZID=Europe/London');
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/christmas/manage/${'C'.repeat(43)}/calendar.ics`,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('rate-limits the lookups of one client', async () => {
      const answers: number[] = [];
      for (let lookup = 0; lookup < 61; lookup++) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/christmas/manage/${'B'.repeat(43)}`,
          remoteAddress: '203.0.113.77',
        });
        answers.push(response.statusCode);
      }
      expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(answers[60]).toBe(429);
    });
  },
);
