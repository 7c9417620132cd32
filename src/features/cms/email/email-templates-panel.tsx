import { useEffect, useState } from 'react';
import { EMAIL_BODY_MAX, EMAIL_MSG, EMAIL_SUBJECT_MAX, type EmailPreview, type EmailTemplateView } from '@common/email-messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, INPUT } from '@/components/ui/field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { previewTemplate, resetTemplate, saveTemplate } from './email-api';

const PREVIEW_DELAY_MS = 400;

/** The preview of the draft, asked of the server a moment after the last keystroke. */
function usePreview(name: string, subject: string, body: string) {
  const [state, setState] = useState<{ preview: EmailPreview | null; error: string | null }>({ preview: null, error: null });
  useEffect(() => {
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      previewTemplate(name, { subject, body }, ctl.signal).then(
        (preview) => setState({ preview, error: null }),
        (err: unknown) => {
          if (!ctl.signal.aborted) setState((s) => ({ preview: s.preview, error: err instanceof Error ? err.message : EMAIL_MSG.previewFailed }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [name, subject, body]);
  return state;
}

function TemplateEditor({ template, onSaved }: { template: EmailTemplateView; onSaved: (t: EmailTemplateView) => void }) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [busy, setBusy] = useState(false);
  const { preview, error } = usePreview(template.name, subject, body);
  const changed = subject !== template.subject || body !== template.body;

  const act = async (work: () => Promise<EmailTemplateView>, done: string) => {
    setBusy(true);
    try {
      const saved = await work();
      setSubject(saved.subject);
      setBody(saved.body);
      onSaved(saved);
      notifySuccess(done);
    } catch (err) {
      notifyError(EMAIL_MSG.templateFailed, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <p className="text-sm text-zinc-400">
          {template.use}.{' '}
          {template.edited ? <Badge className="bg-violet-400/15 text-violet-200 ring-1 ring-violet-400/40">Edited</Badge> : <Badge className="bg-zinc-400/15 text-zinc-300 ring-1 ring-zinc-400/40">Default</Badge>}
        </p>
        <Field label="Subject">
          <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={EMAIL_SUBJECT_MAX} className={INPUT} />
        </Field>
        <Field label="Body" hint={`Plain text. Placeholders: ${template.placeholders.map((p) => `{{${p}}}`).join(' ')}`}>
          <textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={EMAIL_BODY_MAX} rows={12} className={`${INPUT} font-mono text-sm`} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy || !changed || error !== null} onClick={() => void act(() => saveTemplate(template.name, { subject, body }), EMAIL_MSG.templateSaved(template.label))} className="px-4 py-2 font-semibold disabled:opacity-50">
            Save
          </Button>
          <Button look="secondary" disabled={busy || (!template.edited && !changed)} onClick={() => void act(() => resetTemplate(template.name), EMAIL_MSG.templateReset(template.label))} className="px-4 py-2 hover:bg-zinc-800 disabled:opacity-50">
            Reset to default
          </Button>
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">Preview (sample data)</p>
        <p role="status" className={error ? 'text-sm text-red-300' : 'sr-only'}>
          {error ?? (preview ? `Preview: ${preview.subject}` : '')}
        </p>
        {preview ? (
          <>
            <p className="truncate text-sm text-zinc-300" data-testid="preview-subject">
              Subject: {preview.subject}
            </p>
            <iframe sandbox="" srcDoc={preview.html} title="Email preview" className="h-[28rem] w-full rounded-xl border border-zinc-800 bg-zinc-950" />
          </>
        ) : (
          <p className="text-sm text-zinc-400">Loading preview...</p>
        )}
      </div>
    </div>
  );
}

/** Configure Templates: pick a template, edit its subject and body, see the mail as it goes out, save or reset. */
export function EmailTemplatesPanel({ templates, onChange }: { templates: EmailTemplateView[]; onChange: () => void }) {
  const [name, setName] = useState(templates[0]?.name ?? '');
  const [saved, setSaved] = useState<Record<string, EmailTemplateView>>({});
  const template = saved[name] ?? templates.find((t) => t.name === name);
  return (
    <section className="space-y-4" aria-labelledby="email-templates">
      <h3 id="email-templates" className="font-semibold">
        Configure Templates
      </h3>
      <Field label="Template" className="max-w-sm">
        <select value={name} onChange={(e) => setName(e.target.value)} className={INPUT}>
          {templates.map((t) => (
            <option key={t.name} value={t.name}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      {template ? (
        <TemplateEditor
          key={template.name}
          template={template}
          onSaved={(t) => {
            setSaved((s) => ({ ...s, [t.name]: t }));
            onChange();
          }}
        />
      ) : null}
    </section>
  );
}
