// `npm run bench`: benchmarks against the simulators. Filled in by the client work.
console.log('npm run bench is not yet available: the benchmarks arrive with the clients.');
