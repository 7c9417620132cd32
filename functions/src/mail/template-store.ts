import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COL } from '../platform/firestore/collections';
import { converter } from '../platform/firestore/typed-collection';
import { isTemplateName, TEMPLATES } from './templates';

/** mail_templates/{name} as stored: an admin's edit (cms-templates.ts saveTemplate). */
const storedTemplate = z.object({ subject: z.string(), body: z.string(), updated_by: z.string().optional(), updated_at: z.string().optional() });
export type StoredTemplate = Pick<z.infer<typeof storedTemplate>, 'subject' | 'body'>;
export const templatesCol = (db: Firestore) => db.collection(COL.mailTemplates).withConverter(converter(storedTemplate, COL.mailTemplates));

/** A template as it is sent now: the admin's edit (mail_templates/{name}) or the default; null for an unknown name. */
export async function readTemplate(db: Firestore, name: string): Promise<(StoredTemplate & { edited: boolean }) | null> {
  if (!isTemplateName(name)) return null;
  const edit = (await templatesCol(db).doc(name).get()).data();
  if (edit) return { subject: edit.subject, body: edit.body, edited: true };
  return { subject: TEMPLATES[name].subject, body: TEMPLATES[name].body, edited: false };
}
