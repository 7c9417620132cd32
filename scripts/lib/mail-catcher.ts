/**
 * The local stack's mail catcher: maildev 3, its SMTP and its web inbox on 127.0.0.1 only.
 *
 * maildev 3 serves its inbox page at `/` only to a request that asks for HTML (Accept: text/html)
 * and answers anything else there with 404 `{"error":"Not found"}` (curl, a link checker, a
 * preview); here `/` is the inbox whatever the request accepts. Its REST API (`/api/email`, which
 * the browser tests read) is unchanged.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MailDev } from 'maildev';

export type MailCatcher = {
  /** The ports SMTP and the inbox listen on (the ones the system gave, when asked for 0). */
  smtpPort: number;
  webPort: number;
  stop: () => Promise<void>;
};

const HOST = '127.0.0.1';

/** The inbox page's own paths (the address the README and the launcher give). */
const isInboxPage = (url = '') => /^\/(index\.html)?(\?|$)/.test(url);

export async function startMailCatcher(opts: { smtpPort: number; webPort: number; mailDirectory?: string }): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    ip: HOST,
    web: opts.webPort,
    webIp: HOST,
    ...(opts.mailDirectory ? { mailDirectory: opts.mailDirectory } : {}),
    silent: true,
  });
  const servers = await maildev.start();
  if (!servers.api) throw new Error('maildev started without its web inbox');
  const http = servers.api.server.server as Server;
  const handlers = http.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isInboxPage(req.url)) req.headers.accept = 'text/html';
    for (const handle of handlers) handle.call(http, req, res);
  });
  return { smtpPort: servers.smtp.getAddress().port, webPort: (http.address() as AddressInfo).port, stop: () => maildev.stop() };
}
