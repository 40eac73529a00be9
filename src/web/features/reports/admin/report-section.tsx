import type { ReactNode } from 'react';
import { BarChart, type ChartPoint, DayChart } from './report-charts.tsx';
import type { FigureTable } from './report-tables.ts';
import { REPORT_SCREEN_WORDS } from './report-words.ts';

const words = REPORT_SCREEN_WORDS;

/** The chart's points: the charted column's figure now and before, for each row. */
function chartPoints({ rows, chartColumn }: FigureTable): ChartPoint[] {
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    now: row.now[chartColumn]?.value ?? 0,
    before: row.before ? (row.before[chartColumn]?.value ?? 0) : null,
  }));
}

const cellClass = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
/** A figure's heading wraps ("Covers, / week before"), so a phone shows more columns at once. */
const figureHeading = 'px-3 py-2 text-right align-bottom font-semibold leading-tight';

/** The table, the chart's accessible version: each figure beside the compared period's, scrolling in its own box. */
function FigureTableView({
  figures,
  caption,
  compared,
}: {
  figures: FigureTable;
  caption: string;
  /** The compared period's name ("week before"), or null with no comparison. */
  compared: string | null;
}) {
  const captionId = `report-${figures.table}-caption`;
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider or longer than the screen scrolls by keyboard too
      tabIndex={0}
      className="max-h-[28rem] overflow-auto rounded-lg border border-cream-200"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-cream-100 text-green-900">
          <tr>
            <th scope="col" className="px-3 py-2 align-bottom font-semibold leading-tight">
              {figures.rowHeading}
            </th>
            {figures.columns.flatMap((column) => [
              <th key={column.heading} scope="col" className={figureHeading}>
                {column.heading}
              </th>,
              compared !== null && column.compared ? (
                <th key={`${column.heading} before`} scope="col" className={figureHeading}>
                  {words.beforeColumn(column.heading, compared)}
                </th>
              ) : null,
            ])}
          </tr>
        </thead>
        <tbody>
          {figures.rows.map((row) => (
            <tr key={row.key} className="border-t border-cream-200">
              <th
                scope="row"
                className={`px-3 py-2 font-normal ${figures.shortLabels ? 'whitespace-nowrap' : ''}`}
              >
                {row.label}
              </th>
              {figures.columns.flatMap((column, index) => [
                <td key={column.heading} className={cellClass}>
                  {row.now[index]?.text}
                </td>,
                row.before && column.compared ? (
                  <td key={`${column.heading} before`} className={`${cellClass} text-ink-soft`}>
                    {row.before[index]?.text}
                  </td>
                ) : null,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One figure group: its chart, its table and its CSV, for the period chosen. */
export function ReportSection({
  figures,
  caption,
  compared,
  csvHref,
  wide = false,
  children,
}: {
  figures: FigureTable;
  /** What the table shows: its title and the period. */
  caption: string;
  compared: string | null;
  csvHref: string;
  /** Across the whole width on a desktop (the days of the period). */
  wide?: boolean;
  /** More to say under the table (a link to act on it). */
  children?: ReactNode;
}) {
  const headingId = `report-${figures.table}`;
  const points = chartPoints(figures);
  const chart = {
    points,
    format: figures.scale,
    nowLabel: words.thisPeriod,
    beforeLabel: compared === null ? null : words.beforeLegend(compared),
  };
  return (
    <section
      aria-labelledby={headingId}
      className={`card min-w-0 space-y-4 p-4 sm:p-5 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="font-serif text-2xl">
          {figures.title}
        </h2>
        <a href={csvHref} download className="link inline-flex min-h-11 items-center text-sm">
          {words.downloadCsv}
          <span className="sr-only">: {figures.title}</span>
        </a>
      </div>
      {figures.rows.length === 0 ? (
        <p className="text-ink-soft">{figures.empty}</p>
      ) : (
        <>
          {figures.chart === 'days' ? <DayChart {...chart} /> : <BarChart {...chart} />}
          <FigureTableView figures={figures} caption={caption} compared={compared} />
        </>
      )}
      {children}
    </section>
  );
}
