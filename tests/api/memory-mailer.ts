import type { Mailer, OutgoingMail, SentInfo } from '../../functions/src/platform/mail/mailer';

/**
 * An in-memory mailer for the tests: it keeps what was sent, can be told to fail (like an SMTP
 * server refusing) or to hold each send until released (for concurrency tests).
 */
export class MemoryMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  /** Every call, sent or not. */
  calls = 0;
  /** When set, send() rejects with this message. */
  fail: string | null = null;
  /** When set, send() waits for it before sending (a test resolves it). */
  hold: Promise<void> | null = null;

  private started: Array<() => void> = [];

  /** Resolves once a send() has begun (e.g. is waiting on `hold`). */
  sending(): Promise<void> {
    return new Promise((resolve) => this.started.push(resolve));
  }

  async send(mail: OutgoingMail): Promise<SentInfo> {
    this.calls += 1;
    this.started.splice(0).forEach((resolve) => resolve());
    if (this.hold) await this.hold;
    if (this.fail) throw new Error(this.fail);
    this.sent.push(mail);
    return { messageId: `<${this.sent.length}@memory.test>`, accepted: [...mail.to], rejected: [], pending: [], response: '250 OK' };
  }
}
