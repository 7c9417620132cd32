import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { LICENCE_TERMS } from '../../../common/orders';

export type CertificateInput = {
  licensee: string;
  title: string;
  artist: string;
  licenceType: string;
  price: string;
  orderId: string;
  date: string;
};

/** Helvetica covers WinAnsi only: anything else becomes '?', so any name can be printed. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

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
