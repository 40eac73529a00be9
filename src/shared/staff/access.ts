import { roleAllows, type StaffRole } from './roles.ts';

/**
 * The least role each admin endpoint needs (issue 19): the one list the server's guard enforces and the admin
 * reads to hide what a role cannot use. An admin route missing here stops the server from starting.
 */
export const ADMIN_ENDPOINT_ROLES = {
  'GET /api/auth/me': 'staff',
  'GET /api/auth/two-step': 'staff',
  'POST /api/auth/two-step/setup': 'staff',
  'POST /api/auth/two-step/enable': 'staff',
  'POST /api/auth/two-step/disable': 'staff',

  'GET /api/bookings': 'staff',
  'POST /api/admin/bookings': 'staff',
  'GET /api/admin/availability': 'staff',
  'GET /api/admin/tables/day': 'staff',
  'POST /api/admin/bookings/:id/arrival': 'staff',
  'POST /api/admin/tables/walk-ins': 'staff',
  'GET /api/admin/tables/why': 'staff',
  'GET /api/admin/tables/cards': 'staff',
  'POST /api/admin/tables/switch': 'manager',
  'PATCH /api/bookings/:id': 'staff',
  'GET /api/admin/deposits/day': 'staff',
  'GET /api/admin/bookings/:id/payment': 'staff',
  'GET /api/closures': 'staff',
  'GET /api/christmas/admin/bookings': 'staff',
  'POST /api/christmas/admin/bookings': 'staff',
  'GET /api/christmas/admin/availability': 'staff',
  'GET /api/christmas/admin/closures': 'staff',
  'GET /api/christmas/print/summary': 'staff',
  'GET /api/christmas/print/orders': 'staff',
  'GET /api/christmas/print/booking/:id': 'staff',
  'GET /api/admin/occasions/day': 'staff',
  'POST /api/admin/occasions/:slug/bookings': 'staff',
  'GET /api/admin/occasions/:slug/bookings': 'staff',
  'GET /api/admin/occasions/:slug/prep': 'staff',
  'GET /api/admin/occasions/:slug/sheets': 'staff',
  'GET /api/admin/occasions/:slug/closures': 'staff',
  'POST /api/admin/occasions/bookings/:id/diners': 'staff',
  'PUT /api/admin/occasions/bookings/:id/diners/:dinerId': 'staff',
  'GET /api/admin/standby': 'staff',
  'POST /api/admin/standby/:id/offer': 'staff',
  'POST /api/admin/standby/:id/book': 'staff',
  'POST /api/admin/standby/:id/remove': 'staff',
  'GET /api/admin/queue': 'staff',
  'POST /api/admin/queue': 'staff',
  'POST /api/admin/queue/:id/notify': 'staff',
  'POST /api/admin/queue/:id/seat': 'staff',
  'POST /api/admin/queue/:id/remove': 'staff',

  'GET /api/admin/bookings/:id/history': 'manager',
  'POST /api/admin/bookings/:id/resend-confirmation': 'manager',
  'POST /api/admin/bookings/:id/payment/refund': 'manager',
  'POST /api/admin/bookings/:id/payment/keep': 'manager',
  'POST /api/admin/bookings/:id/payment/no-show-fee': 'manager',
  'PATCH /api/christmas/admin/bookings/:id': 'manager',
  'POST /api/christmas/admin/bookings/:id/refund': 'manager',
  'POST /api/admin/occasions/bookings/:id/cancel': 'manager',
  'POST /api/closures': 'manager',
  'DELETE /api/closures/:id': 'manager',
  'POST /api/christmas/admin/closures': 'manager',
  'DELETE /api/christmas/admin/closures/:id': 'manager',
  'POST /api/admin/occasions/:slug/closures': 'manager',
  'DELETE /api/admin/occasions/:slug/closures/:id': 'manager',
  'GET /api/events': 'manager',
  'POST /api/events': 'manager',
  'PUT /api/events/:id': 'manager',
  'DELETE /api/events/:id': 'manager',
  'GET /api/admin/enquiries': 'manager',
  'PATCH /api/admin/enquiries/:id': 'manager',
  'GET /api/bookings.csv': 'manager',
  'GET /api/christmas/orders.csv': 'manager',
  'GET /api/christmas/orders-summary.csv': 'manager',
  'GET /api/admin/occasions/:slug/bookings.csv': 'manager',
  'GET /api/admin/marketing/consents.csv': 'manager',
  'GET /api/admin/reports': 'manager',
  'GET /api/admin/reports/:table.csv': 'manager',
  'GET /api/admin/mail': 'manager',
  'GET /api/admin/mail/:id': 'manager',
  'POST /api/admin/mail/:id/resend': 'manager',
  'GET /api/admin/content/:key': 'manager',
  'PUT /api/admin/content/:key': 'manager',
  'GET /api/admin/content/:key/versions': 'manager',
  'POST /api/admin/content/:key/versions/:version/restore': 'manager',
  'GET /api/admin/profiles': 'manager',
  'PUT /api/admin/profiles': 'manager',
  'POST /api/admin/profiles/phones': 'manager',
  'GET /api/admin/profiles/notes': 'manager',
  'GET /api/admin/images': 'manager',
  'POST /api/admin/images': 'manager',
  'DELETE /api/admin/images/:id': 'manager',

  'GET /api/admin/staff': 'owner',
  'POST /api/admin/staff': 'owner',
  'PATCH /api/admin/staff/:id': 'owner',
  'GET /api/admin/staff/settings': 'owner',
  'PUT /api/admin/staff/settings': 'owner',
  'GET /api/admin/audit': 'owner',
  'GET /api/admin/guests': 'owner',
  'GET /api/admin/guests/export': 'owner',
  'POST /api/admin/guests/erase': 'owner',
} as const satisfies Record<string, StaffRole>;

export type AdminEndpoint = keyof typeof ADMIN_ENDPOINT_ROLES;

export function endpointRole(method: string, url: string): StaffRole | undefined {
  return (ADMIN_ENDPOINT_ROLES as Record<string, StaffRole>)[`${method} ${url}`];
}

/** Whether `role` may call the endpoint: the admin uses it to offer only what will work. */
export function canUse(role: StaffRole, endpoint: AdminEndpoint): boolean {
  return roleAllows(role, ADMIN_ENDPOINT_ROLES[endpoint]);
}
