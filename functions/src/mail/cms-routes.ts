import { Router, type RequestHandler } from 'express';
import { EMAIL_MSG } from '../../../common/email-messages';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import { mail } from '../../../common/api/mail';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { badRequest } from '../platform/http/errors';
import { enqueueMail } from '../platform/mail/mail';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { noFields, parse } from '../platform/http/validate';
import { createCouponCampaign, createMessageCampaign, sendCampaignBatch } from './campaigns';
import { mailLogs } from './cms-logs';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from './cms-templates';

/** POST /api/cms/email/test — a test message to the signed-in admin: { id, to }. Limited per admin (mail_send). */
const sendTest =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    parse(noFields, req.body ?? {});
    const email = (await deps.db.collection(COL.profiles).doc(caller.uid).get()).get('email') as unknown;
    if (typeof email !== 'string' || email.trim() === '') throw badRequest(EMAIL_MSG.noEmail);
    await consumeRateLimit(deps, 'mail_send', caller.uid);
    const id = await enqueueMail(deps.db, null, { toUids: [caller.uid], kind: 'account', topic: 'test', message: { subject: EMAIL_MSG.testSubject, text: EMAIL_MSG.testBody } }, deps.now());
    res.json({ id, to: email });
  };

/** The Email System tab's endpoints (declared in common/api/mail.ts), mounted at /api/cms/email behind the CMS router's requireAdmin. */
export function mailCmsRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/cms/email', 'admin');
  on(mail.sendTest, sendTest(deps));
  on(mail.campaign, createMessageCampaign(deps));
  on(mail.couponCampaign, createCouponCampaign(deps));
  on(mail.sendBatch, sendCampaignBatch(deps));
  on(mail.logs, mailLogs(deps));
  on(mail.templates, listTemplates(deps));
  on(mail.saveTemplate, saveTemplate(deps));
  on(mail.resetTemplate, resetTemplate(deps));
  on(mail.previewTemplate, previewTemplate(deps));
  return router;
}
