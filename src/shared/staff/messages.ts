/** The admin's texts of spec §8, word for word ('Event not found' is EVENT_MESSAGES.notFound). */
export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: 'Unauthorized',
  requestFailed: (status: number) => `Request failed (${status})`,
  loadBookings: 'Failed to load bookings',
  toggleClosure: 'Failed to toggle closure',
  updateStatus: 'Failed to update status',
  noEvents: 'No events yet.',
  confirmDelete: 'Delete this event?',
} as const;
