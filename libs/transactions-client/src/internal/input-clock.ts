import { systemClock, type Clock } from '@washops/client-core';

/**
 * Where the input rules read "today" (the look-back, an open-ended range, "not after today"). The input schemas are
 * shared constants, also used without a client, so a client lends its clock for the length of one parse: zod parses
 * synchronously, so no other parse can run in between. Outside a client's parse, the system clock.
 */
let lent: Clock | undefined;

/** Milliseconds since the epoch, on the clock of the client whose parse is running (else the system clock). */
export function inputNow(): number {
  return (lent ?? systemClock).now();
}

/** Runs `parse` (synchronous) with the input rules reading `clock`. */
export function withInputClock<T>(clock: Clock, parse: () => T): T {
  const previous = lent;
  lent = clock;
  try {
    return parse();
  } finally {
    lent = previous;
  }
}
