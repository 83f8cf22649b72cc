export { clockFrom, systemClock, VirtualClock } from './clock.js';
export type { Clock } from './clock.js';
export { sleep } from './sleep.js';
