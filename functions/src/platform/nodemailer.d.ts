/**
 * The part of nodemailer's API that platform/smtp-mailer.ts uses, until `npm install` brings
 * nodemailer and @types/nodemailer (package.json lists them). Delete this file then: the real
 * types replace it (docs/wip-email.md).
 */
declare module 'nodemailer' {
  export interface SendMailOptions {
    from?: string;
    to?: string | string[];
    replyTo?: string;
    subject?: string;
    text?: string;
    html?: string;
    headers?: Record<string, string>;
  }
  export interface SentMessageInfo {
    messageId?: string;
    accepted?: unknown[];
    rejected?: unknown[];
    pending?: unknown[];
    response?: string;
  }
  export interface Transporter {
    sendMail(options: SendMailOptions): Promise<SentMessageInfo>;
  }
  export interface SmtpOptions {
    host?: string;
    port?: number;
    secure?: boolean;
    auth?: { user: string; pass: string };
    connectionTimeout?: number;
    greetingTimeout?: number;
    socketTimeout?: number;
  }
  export function createTransport(transport: string | SmtpOptions, defaults?: SmtpOptions): Transporter;
}
