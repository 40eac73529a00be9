import type { EnquiryRequestInput, StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { call } from '#web/lib/api.ts';

/** The guest's large-party enquiry. Goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const sendEnquiry = (request: EnquiryRequestInput) =>
  call<StoredEnquiry>('POST', '/api/enquiries', { body: request });
