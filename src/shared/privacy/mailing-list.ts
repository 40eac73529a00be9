/** Where managers download the mailing list: the guests who consented and have not withdrawn (issue 19). */
export const MARKETING_CSV_PATH = '/api/admin/marketing/consents.csv';

/** The mailing list's CSV columns, in order. */
export const MARKETING_CSV_HEADER = ['name', 'email', 'given at', 'source', 'wording', 'unsubscribe link'];

export function marketingCsvFileName(today: string): string {
  return `mailing-list-${today}.csv`;
}
