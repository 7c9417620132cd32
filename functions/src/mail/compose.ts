import { escapeHtml } from '../platform/html';

/**
 * A mail's two parts from one plain-text body: the text part as written, and an html part in
 * the product's look (dark card, the Fool Rate wordmark, links as links, the first link on a
 * line of its own as a button). Placeholders ({{name}}) are filled before, so every value is
 * HTML-escaped here. Campaign mail gets the unsubscribe footer in both parts.
 */
export type ComposedMail = { subject: string; text: string; html: string };

const URL_RE = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

const link = (url: string) => `<a href="${url}" style="color:#e879f9;text-decoration:underline">${url}</a>`;
const button = (url: string) =>
  `<a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:#c026d3;color:#ffffff;font-weight:600;text-decoration:none">Open link</a>` +
  `<br><span style="font-size:12px;color:#a1a1aa;word-break:break-all">${url}</span>`;

function paragraphs(body: string): string {
  let buttoned = false;
  return body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const escaped = escapeHtml(block);
      if (!buttoned && /^https?:\/\/\S+$/.test(block)) {
        buttoned = true;
        return `<p style="margin:0 0 16px">${button(escaped)}</p>`;
      }
      return `<p style="margin:0 0 16px">${escaped.replace(URL_RE, (u) => link(u)).replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

export function composeMail(subject: string, body: string, unsubscribeUrl?: string): ComposedMail {
  const footerText = unsubscribeUrl
    ? `\n\n--\nYou receive this because you have a Fool Rate account. Unsubscribe from these emails: ${unsubscribeUrl}`
    : `\n\n--\nFool Rate: human, AI or both?`;
  const footerHtml = unsubscribeUrl
    ? `You receive this because you have a Fool Rate account. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#a1a1aa">Unsubscribe</a> from these emails.`
    : 'Fool Rate: human, AI or both?';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#09090b;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#f4f4f5">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#e879f9">Fool Rate</p>
<div style="background:#18181b;border:1px solid #3f3f46;border-radius:16px;padding:24px;font-size:15px;line-height:1.6">
${paragraphs(body)}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#a1a1aa">${footerHtml}</p>
</div>
</body></html>`;
  return { subject, text: `${body.trim()}${footerText}\n`, html };
}

/**
 * Fills {{name}} placeholders from `data`. A placeholder without a value is an error, not an
 * empty string (a mail with a hole in it must not go out).
 */
export function fillPlaceholders(s: string, data: Record<string, unknown>): string {
  return s.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => {
    const v = data[key];
    if (v === undefined || v === null) throw new Error(`Mail template value missing: ${key}`);
    return String(v);
  });
}
