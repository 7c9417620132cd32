import type { RequestHandler } from 'express';
import { EMAIL_MSG, type EmailPreview, type EmailTemplateView } from '../../../common/email-messages';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/http/errors';
import { noFields, parse } from '../platform/http/validate';
import { mailContentInput, templateParams } from './cms-schemas';
import { composeMail, fillPlaceholders } from './compose';
import { unsubscribeLinks } from './prefs';
import { readTemplate, templatesCol } from './template-store';
import { isTemplateName, REQUIRED_PLACEHOLDERS, TEMPLATE_NAMES, TEMPLATES, type TemplateName } from './templates';

/** The placeholders a template may use: its sample's, and the two every mail gets. */
export const placeholdersOf = (name: TemplateName): string[] => [...new Set([...Object.keys(TEMPLATES[name].sample), 'username', 'app_url'])];

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/**
 * Refuses a placeholder the template does not know (a mail with a hole in it must not go out),
 * and an edit that drops one the mail is sent for (the verification link, the coupon code).
 */
function checkPlaceholders(name: TemplateName, ...parts: string[]): void {
  const allowed = placeholdersOf(name);
  const used = new Set<string>();
  for (const part of parts) {
    for (const m of part.matchAll(PLACEHOLDER)) {
      if (!allowed.includes(m[1]!)) throw badRequest(EMAIL_MSG.badPlaceholder(m[1]!, allowed));
      used.add(m[1]!);
    }
  }
  const missing = (REQUIRED_PLACEHOLDERS[name] ?? []).find((p) => !used.has(p));
  if (missing) throw badRequest(EMAIL_MSG.missingPlaceholder(missing));
}

/** The sample's links on this deployment's address, as the sender writes them (the samples say foolrate.example). */
const SAMPLE_ORIGIN = 'https://foolrate.example';
const sampleData = (name: TemplateName, appUrl: string): Record<string, string> =>
  Object.fromEntries(Object.entries(TEMPLATES[name].sample as Record<string, string>).map(([k, v]) => [k, v.replaceAll(SAMPLE_ORIGIN, appUrl)]));

function templateName(params: unknown): TemplateName {
  const { name } = parse(templateParams, params);
  if (!isTemplateName(name)) throw badRequest(EMAIL_MSG.templateUnknown);
  return name;
}

async function view(deps: Deps, name: TemplateName): Promise<EmailTemplateView> {
  const t = TEMPLATES[name];
  const current = (await readTemplate(deps.db, name))!;
  return { name, label: t.label, use: t.use, kind: t.kind, subject: current.subject, body: current.body, edited: current.edited, placeholders: placeholdersOf(name) };
}

/** GET /api/cms/email/templates — every template as it is sent now. */
export const listTemplates =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json({ items: await Promise.all(TEMPLATE_NAMES.map((name) => view(deps, name))) });
  };

/** POST /api/cms/email/templates/:name {subject, body} — saves the admin's edit (audited). */
export const saveTemplate =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const name = templateName(req.params);
    const { subject, body } = parse(mailContentInput, req.body ?? {});
    checkPlaceholders(name, subject, body);
    const { db } = deps;
    const ref = templatesCol(db).doc(name);
    const nowIso = new Date(deps.now()).toISOString();
    await db.runTransaction(async (tx) => {
      const before = (await tx.get(ref)).data();
      tx.set(ref, { subject, body, updated_by: caller.uid, updated_at: nowIso });
      recordAudit(db, tx, { action: 'mail.template', actorId: caller.uid, before: { template: name, subject: before?.subject ?? TEMPLATES[name].subject }, after: { template: name, subject } }, nowIso);
    });
    res.json(await view(deps, name));
  };

/** POST /api/cms/email/templates/:name/reset — back to the default (audited). */
export const resetTemplate =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const name = templateName(req.params);
    parse(noFields, req.body ?? {});
    const { db } = deps;
    const ref = templatesCol(db).doc(name);
    const nowIso = new Date(deps.now()).toISOString();
    await db.runTransaction(async (tx) => {
      const before = (await tx.get(ref)).data();
      if (!before) return;
      tx.delete(ref);
      recordAudit(db, tx, { action: 'mail.template', actorId: caller.uid, before: { template: name, subject: before.subject }, after: { template: name, reset: true } }, nowIso);
    });
    res.json(await view(deps, name));
  };

/** POST /api/cms/email/templates/:name/preview {subject, body} — the mail as it would go out, with the template's sample data. */
export const previewTemplate =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const name = templateName(req.params);
    const { subject, body } = parse(mailContentInput, req.body ?? {});
    checkPlaceholders(name, subject, body);
    const { appUrl } = deps.env;
    const data = { app_url: appUrl, ...sampleData(name, appUrl) };
    const unsubscribe = TEMPLATES[name].kind === 'campaign' ? unsubscribeLinks(appUrl, 'sample', 'sample').page : undefined;
    let preview: EmailPreview;
    try {
      preview = composeMail(fillPlaceholders(subject, data), fillPlaceholders(body, data), unsubscribe);
    } catch (err) {
      throw badRequest(err instanceof Error ? err.message : EMAIL_MSG.previewFailed);
    }
    res.json(preview);
  };
