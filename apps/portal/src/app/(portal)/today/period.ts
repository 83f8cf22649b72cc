import { addDays, type DayString } from '../../../transactions/range';
import { localDay } from '../../../sync/view';

/** Local days `from`..`to`, inclusive. */
export interface DayRange {
  from: DayString;
  to: DayString;
}

/** How many days a sparkline draws: the day and the six before. */
export const SPARKLINE_DAYS = 7;

/** The sparkline's days, oldest first, ending on `day`. */
export function weekEnding(day: DayString): DayString[] {
  return Array.from({ length: SPARKLINE_DAYS }, (_, index) => addDays(day, index - (SPARKLINE_DAYS - 1)));
}

/** The day's month from its 1st to the day. */
export function monthToDate(day: DayString): DayRange {
  return { from: `${day.slice(0, 8)}01`, to: day };
}

/** The same calendar day a year before; a 29 February becomes the 28th. */
function yearBefore(day: DayString): DayString {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = day.slice(5);
  return `${year}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

/** The same dates a year before. */
export function sameRangeLastYear(range: DayRange): DayRange {
  return { from: yearBefore(range.from), to: yearBefore(range.to) };
}

/** As many days as the range has, just before it (the reports' "previous period"). */
export function previousPeriod(range: DayRange): DayRange {
  // Calendar days counted on UTC midnights: no daylight-saving hour changes a count.
  const days = Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Yesterday in the browser's calendar (the e2e and operators keep the sites' zone). */
export function yesterday(now: Date = new Date()): DayString {
  return localDay(-1, now);
}

/** The change from `previous` to `current` as a fraction; none when either is unknown or the previous is zero. */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** The change of a ratio in points of a fraction (`0.12` → `0.15` is `0.03`); none when either is unknown. */
export function pointChange(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : current - previous;
}

/** A point of a sparkline in its box, `y` growing downwards as in SVG. */
export interface SparkPoint {
  x: number;
  y: number;
}

/**
 * A sparkline's runs of points in a `width` × `height` box: one x step per value, the lowest value at the bottom and
 * the highest at the top (a flat line in the middle); an unknown value breaks the line into separate runs.
 */
export function sparklineRuns(values: ReadonlyArray<number | null>, width: number, height: number): SparkPoint[][] {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return [];
  const low = Math.min(...known);
  const high = Math.max(...known);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const yOf = (value: number) => (high === low ? height / 2 : height - ((value - low) / (high - low)) * height);
  const runs: SparkPoint[][] = [];
  let run: SparkPoint[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
      return;
    }
    run.push({ x: Math.round(index * step * 100) / 100, y: Math.round(yOf(value) * 100) / 100 });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}
