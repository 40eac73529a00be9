import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { call } from '#web/lib/api.ts';

/** The enquiries admin's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listEnquiries = (status: EnquiryStatus | null) =>
  call<StoredEnquiry[]>(
    'GET',
    status ? `/api/admin/enquiries?status=${encodeURIComponent(status)}` : '/api/admin/enquiries',
  );

export const changeEnquiryStatus = (id: string, status: EnquiryStatus) =>
  call<StoredEnquiry>('PATCH', `/api/admin/enquiries/${encodeURIComponent(id)}`, { body: { status } });
