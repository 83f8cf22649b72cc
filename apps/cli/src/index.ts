export { EXIT, main, program } from './main.js';
export { processIo, Interrupted, type CliIo } from './io.js';
