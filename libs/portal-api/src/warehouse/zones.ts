/** Minutes east of UTC of `timeZone` at the instant `ms`. */
function offsetMinutesAt(timeZone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The UTC instant of local midnight starting `day` (`YYYY-MM-DD`) in `timeZone`. */
export function localMidnightUtc(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let guess = wall - offsetMinutesAt(timeZone, wall) * 60_000;
  // Once more at the guess: the offset may change between the wall time read as UTC and the real instant.
  guess = wall - offsetMinutesAt(timeZone, guess) * 60_000;
  return new Date(guess);
}

/** The next calendar day of `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Every day `from`..`to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
