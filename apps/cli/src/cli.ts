// `washops …` (`npm run washops -- …`, `npm run users -- …`): see apps/cli/README.md.
import { processIo } from './io.js';
import { main } from './main.js';

const code = await main(process.argv.slice(2), processIo());
// Exit now rather than wait for stdin or a pool's idle timers; stdout and stderr are written synchronously here.
process.exit(code);
