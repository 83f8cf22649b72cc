export { FaultRegistry, routeMatcher } from './faults.js';
export type { FaultRegistryOptions, FaultRule } from './faults.js';
export { Prng, hashString } from './random.js';
