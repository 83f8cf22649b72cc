export { FixedWindowCounter } from './fixed-window.js';
