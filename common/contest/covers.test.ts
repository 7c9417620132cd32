import { describe, expect, it } from 'vitest';
import { coverVariantUrl, coverWidthFor, parseCoverWidth } from './covers';

describe('cover variants', () => {
  it('picks the smallest width sharp on a 2x screen', () => {
    expect(coverWidthFor(32)).toBe(96);
    expect(coverWidthFor(48)).toBe(96);
    expect(coverWidthFor(64)).toBe(192);
    expect(coverWidthFor(96)).toBe(192);
    expect(coverWidthFor(97)).toBe(512);
    expect(coverWidthFor(2000)).toBe(512);
  });

  it('maps local and stored placeholder covers to their WebP variant, any other URL unchanged', () => {
    expect(coverVariantUrl('/placeholders/cover-07.jpg', 48)).toBe('/placeholders/cover-07-96.webp');
    expect(coverVariantUrl('/placeholders/cover-07.jpg', 400)).toBe('/placeholders/cover-07-512.webp');
    expect(coverVariantUrl('/api/files/placeholders/cover-26.jpg', 64)).toBe('/api/files/placeholders/cover-26.jpg?w=192');
    expect(coverVariantUrl('https://example.com/avatar.png', 32)).toBe('https://example.com/avatar.png');
    expect(coverVariantUrl('/placeholders/../secret.jpg', 32)).toBe('/placeholders/../secret.jpg');
  });

  it('reads ?w= as a known width, absent as the original, anything else as invalid', () => {
    expect(parseCoverWidth(undefined)).toBe('original');
    expect(parseCoverWidth('192')).toBe(192);
    for (const bad of ['100', '', '96px', ['96', '192'], '0x60']) expect(parseCoverWidth(bad)).toBeNull();
  });
});
