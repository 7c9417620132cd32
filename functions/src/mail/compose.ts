import { oneLine } from '../../../common/one-line';
import { escapeHtml } from '../platform/http/html';

/**
 * A mail's two parts from one plain-text body: the text part as written, and an html part in
 * the product's look (dark card, the Fool Rate wordmark, links as links, the first link on a
 * line of its own as a button). Only the template's own text and the links the server builds
 * become links: a value someone typed (a track title, a username) is filled in as one line of
 * text, so it can neither start a paragraph nor put its own address in the mail's button.
 * Campaign mail gets the unsubscribe footer in both parts.
 */
export type ComposedMail = { subject: string; text: string; html: string };

const URL_RE = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Around a typed value in a filled template (private-use characters, removed from everything else). */
const TYPED_START = '\uE000';
const TYPED_END = '\uE001';
const MARKS_RE = /[\uE000\uE001]/g;
const TYPED_RE = /(\uE000[^\uE001]*\uE001)/;
const unmark = (s: string) => s.replace(MARKS_RE, '');

/** Placeholders whose values the server builds as links: the app's address, an order's page, a verification or affiliate link. */
const LINK_VALUES: ReadonlySet<string> = new Set(['app_url', 'order_url', 'link', 'affiliate_link']);

const link = (url: string) => `<a href="${escapeHtml(url)}" style="color:#e879f9;text-decoration:underline">${escapeHtml(url)}</a>`;
const button = (url: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:#c026d3;color:#ffffff;font-weight:600;text-decoration:none">Open link</a>` +
  `<br><span style="font-size:12px;color:#a1a1aa;word-break:break-all">${escapeHtml(url)}</span>`;

/** Template text as html: its links found in the raw text, then the link and the text around it escaped apart. */
function templateHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(URL_RE)) {
    html += escapeHtml(text.slice(at, match.index)) + link(match[0]);
    at = match.index + match[0].length;
  }
  return (html + escapeHtml(text.slice(at))).replace(/\n/g, '<br>');
}

/** A paragraph's html: template text with its links, typed values as escaped text only. */
const blockHtml = (block: string) =>
  block
    .split(TYPED_RE)
    .map((piece) => (piece.startsWith(TYPED_START) ? escapeHtml(unmark(piece)) : templateHtml(piece)))
    .join('');

function paragraphs(body: string): string {
  let buttoned = false;
  return body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => unmark(block).trim())
    .map((block) => {
      if (!buttoned && /^https?:\/\/[^\s\uE000\uE001]+$/.test(block)) {
        buttoned = true;
        return `<p style="margin:0 0 16px">${button(block)}</p>`;
      }
      return `<p style="margin:0 0 16px">${blockHtml(block)}</p>`;
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(unmark(subject))}</title></head>
<body style="margin:0;padding:24px 12px;background:#09090b;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#f4f4f5">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#e879f9">Fool Rate</p>
<div style="background:#18181b;border:1px solid #3f3f46;border-radius:16px;padding:24px;font-size:15px;line-height:1.6">
${paragraphs(body)}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#a1a1aa">${footerHtml}</p>
</div>
</body></html>`;
  // A paragraph left empty (a placeholder filled with nothing) leaves no gap.
  return { subject: unmark(subject), text: `${unmark(body).trim().replace(/\n{3,}/g, '\n\n')}${footerText}\n`, html };
}

/**
 * Fills {{name}} placeholders from `data`: a link the server builds as it is, any other value
 * as one line of text marked as typed (composeMail shows it as text only). A placeholder without
 * a value is an error, not an empty string (a mail with a hole in it must not go out).
 */
export function fillPlaceholders(s: string, data: Record<string, unknown>): string {
  return unmark(s).replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => {
    const v = data[key];
    if (v === undefined || v === null) throw new Error(`Mail template value missing: ${key}`);
    return LINK_VALUES.has(key) ? unmark(String(v)) : `${TYPED_START}${oneLine(unmark(String(v)))}${TYPED_END}`;
  });
}
