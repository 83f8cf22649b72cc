import { addDays } from '@washops/store';
import { localDayOf } from '../warehouse/plan.js';

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The local hour (0–23) at `nowMs` in `timeZone`. */
function localHour(nowMs: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) hourFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' })));
  return Number(format.format(new Date(nowMs)));
}

/** The last local day that has closed at a site: yesterday once today's local hour reached `closeHour`, else the day before. */
export function latestClosedDay(nowMs: number, timeZone: string, closeHour: number): string {
  const today = localDayOf(Math.floor(nowMs / 1000), timeZone);
  return addDays(today, localHour(nowMs, timeZone) >= closeHour ? -1 : -2);
}
