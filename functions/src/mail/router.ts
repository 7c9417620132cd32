import { Router, type RequestHandler } from 'express';
import { linkParams, mail } from '../../../common/api/mail';
import { isDocId } from '../../../common/doc-id';
import { MAIL_MSG } from '../../../common/email-messages';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { notFound } from '../platform/http/errors';
import { clientKey } from '../platform/http/client-ip';
import { admitAlone, rateLimitCounter } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { setCampaignMail, unsubscribeLinks } from './prefs';

/**
 * POST /api/mail/unsubscribe: campaign mail off (or on again with subscribe: true) for the user
 * whose link this is. The link's u and t come in the JSON body (the /unsubscribe page) or the
 * query (List-Unsubscribe one-click, RFC 8058, whose form body is ignored). No sign-in: the
 * token is the proof. A wrong link writes nothing but a failure against the caller's IP
 * (`mail_link`); past the limit every link from that IP gets 429 for the rest of the window.
 */
const unsubscribe =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // A body that names u (of any type) is the page's; one without it, one-click's (the link in the query).
    const input = parse(linkParams, Object.hasOwn(body, 'u') ? body : { u: req.query.u, t: req.query.t });
    const subscribe = input.subscribe === true;
    const failures = rateLimitCounter(deps, 'mail_link', clientKey(req));
    // A `u` that cannot be a user's id (a "/", "..", "__x__") is a link that was never sent: Firestore refuses such ids.
    if (!isDocId(input.u)) {
      await admitAlone(deps.db, failures);
      throw notFound(MAIL_MSG.badLink);
    }
    if (!(await setCampaignMail(deps.db, input.u, input.t, subscribe, new Date(deps.now()).toISOString(), failures))) throw notFound(MAIL_MSG.badLink);
    res.json({ subscribed: subscribe });
  };

/**
 * GET /api/mail/unsubscribe: the List-Unsubscribe address opened in a browser (mail software
 * without one-click does that). A GET changes nothing (link scanners open every link): it sends
 * the person to the /unsubscribe page, which asks (or says the link is not valid).
 */
const unsubscribePage =
  (deps: Deps): RequestHandler =>
  (req, res) => {
    // Whatever the link carries goes to the page, which says when it is not valid.
    const param = (v: unknown) => (typeof v === 'string' ? v.slice(0, 128) : '');
    res.redirect(303, unsubscribeLinks(deps.env.appUrl, param(req.query.u), param(req.query.t)).page);
  };

/** Public mail endpoints under /api/mail. */
export function mailRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/mail');
  on(mail.unsubscribePage, unsubscribePage(deps));
  on(mail.unsubscribe, unsubscribe(deps));
  return router;
}
