import { describe, expect, it } from 'vitest';
import { attachment } from './storage';

const utf8Name = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]!);
const asciiName = (header: string) => /filename="([^"]*)"/.exec(header)![1]!;

describe('attachment', () => {
  it('names the download in ASCII and in UTF-8', () => {
    const header = attachment('Nova - Café "Noir".mp3');
    expect(asciiName(header)).toBe('Nova - Caf_ _Noir_.mp3');
    expect(utf8Name(header)).toBe('Nova - Café "Noir".mp3');
  });

  it('cuts a long name to 150 characters, its extension kept, where the 150th UTF-16 unit halves an emoji', () => {
    // Cut at 150 UTF-16 units, this name ended in half an emoji: not valid Unicode (URIError).
    const header = attachment(`${'A'.repeat(100)} - ${'B'.repeat(46)}😀 and more.mp3`);
    expect(utf8Name(header)).toBe(`${'A'.repeat(100)} - ${'B'.repeat(43)}.mp3`);
    expect(asciiName(header)).toBe(utf8Name(header));
  });

  it('counts an emoji as one character and never halves it', () => {
    const header = attachment(`${'A'.repeat(100)} - ${'B'.repeat(42)}😀 and more.mp3`);
    const utf8 = utf8Name(header);
    expect(Array.from(utf8)).toHaveLength(150);
    expect(utf8).toBe(`${'A'.repeat(100)} - ${'B'.repeat(42)}😀.mp3`);
    expect(asciiName(header)).toBe(`${'A'.repeat(100)} - ${'B'.repeat(42)}_.mp3`);
  });

  it('replaces a lone surrogate instead of throwing', () => {
    expect(utf8Name(attachment('a\uD800b.mp3'))).toBe('a\uFFFDb.mp3');
  });
});
