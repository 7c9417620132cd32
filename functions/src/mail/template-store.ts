import type { Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/collections';
import { isTemplateName, TEMPLATES } from './templates';

export type StoredTemplate = { subject: string; body: string };

/** A template as it is sent now: the admin's edit (mail_templates/{name}) or the default; null for an unknown name. */
export async function readTemplate(db: Firestore, name: string): Promise<(StoredTemplate & { edited: boolean }) | null> {
  if (!isTemplateName(name)) return null;
  const snap = await db.collection(COL.mailTemplates).doc(name).get();
  const subject = snap.get('subject') as unknown;
  const body = snap.get('body') as unknown;
  if (snap.exists && typeof subject === 'string' && typeof body === 'string') return { subject, body, edited: true };
  return { subject: TEMPLATES[name].subject, body: TEMPLATES[name].body, edited: false };
}
