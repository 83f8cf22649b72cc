/** `sending`: the mail server was asked and no answer recorded (it may have gone out); never sent again by itself. */
export type DigestDeliveryState = 'sending' | 'sent' | 'failed';

export interface DigestDelivery {
  siteCode: string;
  day: string;
  recipient: string;
  state: DigestDeliveryState;
  subject: string;
  messageId: string | null;
  error: string | null;
  /** A failure before the message was handed over: the next check sends it again. */
  retryable: boolean;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface DigestDeliveryKey {
  siteCode: string;
  day: string;
  recipient: string;
}

export interface DigestQueries {
  /**
   * Claims a delivery before the mail server is asked: a new row, or a `failed` one whose failure happened before
   * anything was handed over (`retryable`), becomes `sending`. `false` when the row is `sent`, `sending` or failed
   * for good: someone must look before it goes again.
   */
  claim(key: DigestDeliveryKey, subject: string, at?: Date): Promise<boolean>;
  markSent(key: DigestDeliveryKey, messageId: string, at?: Date): Promise<void>;
  /** `retryable`: the connection was refused before the message was handed over, so the next check may try again. */
  markFailed(key: DigestDeliveryKey, error: string, retryable: boolean, at?: Date): Promise<void>;
  /** Deliveries of one site (and day, when given), newest day first. */
  list(filter: { siteCode: string; day?: string }): Promise<DigestDelivery[]>;
}
