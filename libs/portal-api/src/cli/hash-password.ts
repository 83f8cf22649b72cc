// Prints the scrypt hash of a portal password for PORTAL_USERS. The password is read from stdin
// (never from the command line, which shells keep in their history).
import { newPasswordSchema } from '../auth/account-rules.js';
import { hashPassword } from '../auth/passwords.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

if (process.stdin.isTTY) process.stderr.write('Type the password, then Enter and Ctrl-D:\n');
const password = await readStdin();
const checked = newPasswordSchema.safeParse(password);
if (!checked.success) {
  process.stderr.write(`${checked.error.issues.map((issue) => issue.message).join(' ')}\n`);
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
