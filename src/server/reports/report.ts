import type { Database } from '#db/client.ts';
import type { ReportAnswer, ReportQuery } from '#shared/reports/api.ts';
import { comparedPeriod, reportPeriodProblem } from '#shared/reports/period.ts';
import { invalidFields } from '../lib/errors.ts';
import { reportFigures } from './figures.ts';

/**
 * The report a query asks for: the period's figures and the compared period's, read in one read-only snapshot
 * so both (and every figure of each) agree with each other. A period ending before it starts, or longer than
 * the longest report, is refused.
 */
export async function buildReport(
  db: Database,
  query: ReportQuery,
  ticketedOccasions: readonly string[],
): Promise<ReportAnswer> {
  const problem = reportPeriodProblem(query);
  if (problem) throw invalidFields(problem.message, [problem]);
  const previousPeriod = comparedPeriod(query, query.compare);
  return db.transaction(
    async (tx) => {
      const scope = { service: query.service, ticketedOccasions };
      const current = await reportFigures(tx, { ...scope, from: query.from, to: query.to });
      const previous = previousPeriod ? await reportFigures(tx, { ...scope, ...previousPeriod }) : null;
      return { service: query.service, compare: query.compare, current, previous };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
