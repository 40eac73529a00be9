/** Where a large-party enquiry stands (issue 18): staff move it along as they answer it. */
export const ENQUIRY_STATUSES = ['NEW', 'REPLIED', 'BOOKED', 'DECLINED'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  NEW: 'New',
  REPLIED: 'Replied',
  BOOKED: 'Booked',
  DECLINED: 'Declined',
};
