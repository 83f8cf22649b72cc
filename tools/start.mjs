// `npm start`: the whole product on the simulators. Filled in by the portal work.
console.log('npm start is not yet available: the portal and the simulators arrive with their issues.');
