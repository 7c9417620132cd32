import type { PDFFont } from 'pdf-lib';
import { LICENCE_TERMS } from '../../../common/marketplace/orders';
import { lazy } from '../platform/http/lazy';

/** pdf-lib loads with the first certificate (platform/http/lazy.ts). */
const pdfLib = lazy(() => import('pdf-lib'));

export type CertificateInput = {
  licensee: string;
  title: string;
  artist: string;
  licenceType: string;
  price: string;
  orderId: string;
  date: string;
};

/** Latin-1's printable characters and the rest of WinAnsi (dashes, curly quotes, €, Œ…): what Helvetica prints here. */
const WIN_ANSI = /^[\x20-\x7e\u00a0-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]+$/;
/** Letters with no decomposition to a Latin-1 base. */
const BASE_LETTER: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', ŀ: 'l', Ŀ: 'L' };

/**
 * Helvetica covers WinAnsi only. A letter outside it prints as its base letter (ź → z, Ł → L),
 * anything else (emoji, CJK) as '?', so any name can be printed and Latin names stay readable.
 */
export function printable(text: string): string {
  return [...text]
    .map((ch) => {
      if (WIN_ANSI.test(ch)) return ch;
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (base && WIN_ANSI.test(base)) return base;
      return BASE_LETTER[ch] ?? '?';
    })
    .join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The licence certificate of an approved order, as a one-page A4 PDF. */
export async function licenceCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await pdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Licence certificate — ${input.title}`));
  pdf.setSubject(`Order ${input.orderId}`);
  pdf.setCreationDate(new Date(input.date));
  const page = pdf.addPage([595.28, 841.89]);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const left = 60;
  const width = page.getWidth() - left * 2;
  let y = 770;
  const text = (value: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.12)) => {
    for (const line of wrap(printable(value), font, size, width)) {
      page.drawText(line, { x: left, y, size, font, color });
      y -= size * 1.45;
    }
  };

  text('Licence Certificate', bold, 26, rgb(0.45, 0.1, 0.55));
  text('Non-exclusive music licence', regular, 13, rgb(0.35, 0.35, 0.4));
  y -= 18;
  const rows: Array<[string, string]> = [
    ['Licensee', input.licensee],
    ['Track', input.title],
    ['Artist', input.artist],
    ['Licence type', input.licenceType],
    ['Price', input.price],
    ['Order ID', input.orderId],
    ['Date', input.date.slice(0, 10)],
  ];
  for (const [label, value] of rows) {
    page.drawText(`${label}:`, { x: left, y, size: 12, font: bold, color: rgb(0.2, 0.2, 0.25) });
    for (const line of wrap(printable(value), regular, 12, width - 110)) {
      page.drawText(line, { x: left + 110, y, size: 12, font: regular, color: rgb(0.1, 0.1, 0.12) });
      y -= 18;
    }
    y -= 4;
  }
  y -= 16;
  text('Terms', bold, 14);
  y -= 4;
  text(LICENCE_TERMS, regular, 11);
  return pdf.save({ useObjectStreams: false });
}
