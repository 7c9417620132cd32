import { describe, expect, it } from 'vitest';
import { licenceCertificate, printable } from './certificate';

describe('printable', () => {
  it('keeps WinAnsi (Latin-1, dashes, curly quotes), gives other Latin letters their base letter, and marks the rest', () => {
    expect(printable('Łódź Nights — “Live” 🌙 日本')).toBe('Lódz Nights — “Live” ? ??');
    expect(printable('Crème brûlée – Œuvre €5')).toBe('Crème brûlée – Œuvre €5');
    expect(printable('Šťastný Dvořák')).toBe('Štastný Dvorák');
  });

  it('is what the certificate prints: the PDF is made with such a title', async () => {
    const pdf = Buffer.from(await licenceCertificate({ licensee: 'ana', title: 'Łódź Nights — 🌙', artist: 'Zoë', licenceType: 'Basic', price: '15 tokens', orderId: 'o1', date: '2026-11-27' }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
