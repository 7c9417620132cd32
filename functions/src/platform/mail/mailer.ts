/**
 * The mail gateway: one message out over SMTP (platform/mail/smtp-mailer.ts, nodemailer) or into
 * memory (tests). What to send and its delivery state live in Firestore (platform/mail/mail.ts).
 */

/** A rendered message, ready for the wire. */
export type OutgoingMail = {
  to: string[];
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe for campaign mail). */
  headers?: Record<string, string>;
};

/** What the SMTP server said, as nodemailer reports it (the extension's `delivery.info`). */
export type SentInfo = {
  messageId: string | null;
  accepted: string[];
  rejected: string[];
  pending: string[];
  response: string | null;
};

export interface Mailer {
  /** Sends one message; rejects when the server does not take it. */
  send(mail: OutgoingMail): Promise<SentInfo>;
}

/**
 * How to reach the SMTP server (config.ts reads it): a connection URL (smtp:// or smtps://, may
 * carry user and password), or a host and port with optional credentials; `from` the sender.
 */
export type MailEnv = {
  smtp: { url: string } | { host: string; port: number; secure: boolean; user?: string; password?: string };
  from: string;
};
