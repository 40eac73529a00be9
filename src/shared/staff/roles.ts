import { z } from 'zod';

/** Staff roles, least to most (issue 19): each can do all that the one before it can. */
export const STAFF_ROLES = ['staff', 'manager', 'owner'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  staff: 'Staff',
  manager: 'Manager',
  owner: 'Owner',
};

export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  staff: 'Bookings of the day, phone and walk-in bookings, the Christmas orders and kitchen sheets.',
  manager: 'All of that, plus events, closures, the website’s content, exports and enquiries.',
  owner: 'All of that, plus staff accounts, the activity log and guests’ data requests.',
};

/** Whether a person with `role` may use something that needs at least `needed`. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}

/** The server's answer to a signed-in person whose role does not reach. */
export const NO_ACCESS = "You don't have access to that.";
