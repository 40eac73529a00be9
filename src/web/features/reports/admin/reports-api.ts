import type { ReportAnswer, ReportQuery } from '#shared/reports/api.ts';
import { call } from '#web/lib/api.ts';
import { reportQueryString } from './report-choice.ts';

/** The landlord's reports (issue 32): the period's figures and the compared period's. */
export const reportFigures = (query: ReportQuery) =>
  call<ReportAnswer>('GET', `/api/admin/reports?${reportQueryString(query)}`);
