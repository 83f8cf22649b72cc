import { redactString } from '@washops/shared-errors';
import { createTransport } from 'nodemailer';
import type { DigestMessage } from './render.js';

// The one way the digest leaves: SMTP through nodemailer, to the server the deployment names.

export interface DigestMailer {
  /** Resolves with the server's message id; rejects with a `DigestSendError`. */
  send(to: string, message: DigestMessage): Promise<string>;
  close(): void;
}

/** A send that failed; `beforeHandover` when the connection never got as far as the message (it cannot have gone out). */
export class DigestSendError extends Error {
  override readonly name = 'DigestSendError';
  constructor(
    message: string,
    readonly beforeHandover: boolean,
  ) {
    super(message);
  }
}

/** nodemailer marks failures while connecting (refused, DNS, TLS, time-out) with the command `CONN`. */
function toSendError(error: unknown): DigestSendError {
  const failure = error as { message?: unknown; code?: unknown; command?: unknown };
  const message = redactString(typeof failure.message === 'string' ? failure.message : String(error));
  const code = typeof failure.code === 'string' ? `${failure.code}: ` : '';
  return new DigestSendError(`${code}${message}`, failure.command === 'CONN');
}

export function smtpMailer(smtpUrl: string, from: string): DigestMailer {
  // No logger: nodemailer's would print the AUTH exchange.
  const transport = createTransport(smtpUrl, { from });
  return {
    async send(to, message) {
      try {
        const info = await transport.sendMail({ to, subject: message.subject, html: message.html, text: message.text });
        return String(info.messageId);
      } catch (error) {
        throw toSendError(error);
      }
    },
    close: () => transport.close(),
  };
}
