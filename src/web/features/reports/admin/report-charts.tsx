import { nice, ticks } from 'd3-array';
import { scaleBand } from 'd3-scale';

/**
 * The reports' charts (decision 038): SVG drawn by React, placed with d3's round ticks (d3-array) and bands
 * (d3-scale), so they render on the server and in the browser alike, with no chart runtime to load. Every position
 * is a percentage of the box, never a stretched viewBox, so the bars fill a phone's width and a desktop's while
 * the words keep their size. A chart repeats its table, the accessible version: it is hidden from screen readers.
 */

/** One thing the chart draws: this period's figure and the compared period's (null: no comparison). */
export interface ChartPoint {
  key: string;
  label: string;
  now: number;
  before: number | null;
}

interface ChartProps {
  points: ChartPoint[];
  /** How the scale's figures read: "12", "£40". */
  format: (value: number) => string;
  nowLabel: string;
  /** The compared period's key ("Week before"), or null with no comparison. */
  beforeLabel: string | null;
}

/** A scale from zero to a round figure at or above the largest, in percent of the box, with whole-number ticks. */
function percentScale(points: ChartPoint[]) {
  const largest = Math.max(1, ...points.flatMap((point) => [point.now, point.before ?? 0]));
  const [, top] = nice(0, largest, 4);
  return {
    scale: (value: number) => (value / top) * 100,
    ticks: ticks(0, top, 4).filter(Number.isInteger),
  };
}

const percent = (value: number) => `${value}%`;
const tickAnchor = (position: number) => (position === 0 ? 'start' : position === 100 ? 'end' : 'middle');
/** A phone's narrow bars name only both ends of the scale, so "£1,000" and "£1,500" never overlap. */
const tickShownOnPhone = (position: number) => position === 0 || position === 100;

function Legend({ nowLabel, beforeLabel }: Pick<ChartProps, 'nowLabel' | 'beforeLabel'>) {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft">
      <span className="inline-flex items-center gap-2">
        <span className="inline-block h-3 w-4 rounded-sm bg-green-700" />
        {nowLabel}
      </span>
      {beforeLabel ? (
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-4 rounded-sm bg-brass-500" />
          {beforeLabel}
        </span>
      ) : null}
    </div>
  );
}

/** A row of bars per thing (a status, a source, a time): this period in green, the compared one in brass beneath. */
export function BarChart({ points, format, nowLabel, beforeLabel }: ChartProps) {
  const { scale, ticks } = percentScale(points);
  const compared = beforeLabel !== null;
  return (
    <div aria-hidden="true" className="space-y-2" data-chart="bars">
      <Legend nowLabel={nowLabel} beforeLabel={beforeLabel} />
      <div className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
        {points.map((point) => (
          <div key={point.key} className="contents">
            <span className="text-sm leading-tight text-ink">{point.label}</span>
            <svg aria-hidden="true" className={`block w-full ${compared ? 'h-8' : 'h-6'}`}>
              {ticks.map((tick) => (
                <line
                  key={tick}
                  x1={percent(scale(tick))}
                  x2={percent(scale(tick))}
                  y1="0"
                  y2="100%"
                  className="stroke-cream-200"
                />
              ))}
              <rect
                x="0"
                y={compared ? '6%' : '15%'}
                height={compared ? '42%' : '70%'}
                width={percent(scale(point.now))}
                rx="2"
                className="fill-green-700"
              />
              {point.before !== null ? (
                <rect
                  x="0"
                  y="52%"
                  height="42%"
                  width={percent(scale(point.before))}
                  rx="2"
                  className="fill-brass-500"
                />
              ) : null}
            </svg>
          </div>
        ))}
        <span />
        <svg aria-hidden="true" className="block h-5 w-full overflow-visible text-xs">
          {ticks.map((tick) => (
            <text
              key={tick}
              x={percent(scale(tick))}
              y="14"
              textAnchor={tickAnchor(scale(tick))}
              className={`fill-ink-soft ${tickShownOnPhone(scale(tick)) ? '' : 'hidden sm:inline'}`}
            >
              {format(tick)}
            </text>
          ))}
        </svg>
      </div>
    </div>
  );
}

/**
 * The period's days left to right: a green bar for each day, and the compared period's same day as a brass mark
 * at its height. A long range's bars touch, so a year still fits a phone.
 */
export function DayChart({ points, format, nowLabel, beforeLabel }: ChartProps) {
  const { scale, ticks } = percentScale(points);
  const days = scaleBand()
    .domain(points.map((point) => point.key))
    .range([0, 100])
    .paddingInner(points.length > 62 ? 0 : 0.2)
    .paddingOuter(0.1);
  const width = days.bandwidth();
  const top = (value: number) => percent(100 - scale(value));
  return (
    <div aria-hidden="true" className="space-y-2" data-chart="days">
      <Legend nowLabel={nowLabel} beforeLabel={beforeLabel} />
      <div className="flex gap-2 pt-2">
        <svg aria-hidden="true" className="block h-44 w-10 shrink-0 overflow-visible text-xs">
          {ticks.map((tick) => (
            <text key={tick} x="100%" y={top(tick)} dy="0.32em" textAnchor="end" className="fill-ink-soft">
              {format(tick)}
            </text>
          ))}
        </svg>
        <div className="min-w-0 flex-1">
          <svg aria-hidden="true" className="block h-44 w-full overflow-visible">
            {ticks.map((tick) => (
              <line key={tick} x1="0" x2="100%" y1={top(tick)} y2={top(tick)} className="stroke-cream-200" />
            ))}
            {points.map((point) => (
              <rect
                key={point.key}
                x={percent(days(point.key) ?? 0)}
                width={percent(width)}
                y={top(point.now)}
                height={percent(scale(point.now))}
                className="fill-green-700"
              />
            ))}
            {points.map((point) =>
              point.before === null ? null : (
                <line
                  key={point.key}
                  x1={percent(days(point.key) ?? 0)}
                  x2={percent((days(point.key) ?? 0) + width)}
                  y1={top(point.before)}
                  y2={top(point.before)}
                  strokeWidth="3"
                  className="stroke-brass-500"
                />
              ),
            )}
          </svg>
          <div className="mt-1 flex justify-between gap-3 text-xs text-ink-soft">
            <span>{points[0]?.label}</span>
            {points.length > 1 ? <span>{points.at(-1)?.label}</span> : null}
          </div>
        </div>
      </div>
    </div>
  );
}
