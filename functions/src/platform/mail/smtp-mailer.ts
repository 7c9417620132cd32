import type { Transporter } from 'nodemailer';
import { lazy } from '../http/lazy';
import type { MailEnv, Mailer, OutgoingMail, SentInfo } from './mailer';

/** nodemailer loads with the first send (platform/http/lazy.ts). */
const nodemailer = lazy(() => import('nodemailer'));

/**
 * Mail over SMTP with nodemailer; the transport is made on the first send. Timeouts are short: the sender holds a lease on the
 * message while sending (platform/mail/mail.ts, LEASE_MS), and a send must end well within it.
 */
export function smtpMailer(config: MailEnv): Mailer {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  let transport: Transporter | null = null;
  const transporter = async (): Promise<Transporter> => {
    const { createTransport } = await nodemailer();
    const smtp = config.smtp;
    transport ??=
      'url' in smtp
        ? createTransport({ url: smtp.url, ...timeouts })
        : createTransport({
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
            ...timeouts,
          });
    return transport;
  };
  return {
    async send(mail: OutgoingMail): Promise<SentInfo> {
      const t = await transporter();
      const info = await t.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      const list = (xs: unknown): string[] =>
        Array.isArray(xs) ? xs.map((x) => (typeof x === 'string' ? x : String((x as { address?: unknown }).address ?? ''))) : [];
      return {
        messageId: typeof info.messageId === 'string' ? info.messageId : null,
        accepted: list(info.accepted),
        rejected: list(info.rejected),
        pending: list(info.pending),
        response: typeof info.response === 'string' ? info.response : null,
      };
    },
  };
}
