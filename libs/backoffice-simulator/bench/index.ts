/**
 * Simulator throughput: how long the pages a client benchmark leans on take to serve, so a slow client figure can be
 * told apart from a slow simulator. Run with `npm run bench -- backoffice-simulator` from the repo root.
 */
import { startBackofficeSimulator } from '../src/index.js';

async function timed(label: string, runs: number, fn: () => Promise<number>): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   ${(bytes / 1024 / 1024).toFixed(2)} MB`);
}

const sim = await startBackofficeSimulator({ employeeCount: 10_000 });
try {
  const login = await fetch(`${sim.url}/login_check`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '_username=bot&_password=bot-password',
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const get = async (path: string) => (await (await fetch(sim.url + path, { headers: { cookie } })).text()).length;
  console.log('BackOffice simulator, 10,000 employees');
  await timed('GET /employee?limit=10000&active=all', 5, () => get('/employee?limit=10000&active=all'));
  await timed('GET /employee (25 rows)', 20, () => get('/employee'));
  await timed('GET /employee/create', 20, () => get('/employee/create'));
  await timed('GET /user/create (dropdown of every employee)', 10, () => get('/user/create'));
  const id = sim.control.employees()[0]?.id;
  await timed(`GET /employee/edit/${id}`, 20, () => get(`/employee/edit/${id}`));
} finally {
  await sim.close();
}
