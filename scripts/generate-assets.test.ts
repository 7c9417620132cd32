import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COVER_WIDTHS, localVariantName } from '../common/contest/covers';
import { PLACEHOLDER_FILES } from '../common/cms/placeholders';

/** Width and height of a lossy WebP (its VP8 frame header). */
function webpSize(buf: Buffer): { width: number; height: number } {
  expect(buf.toString('latin1', 0, 4)).toBe('RIFF');
  expect(buf.toString('latin1', 8, 16)).toBe('WEBPVP8 ');
  return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
}

describe('the committed cover variants', () => {
  it('has every local placeholder committed as WebP at every width (npx tsx scripts/generate-assets.ts --cover-variants)', () => {
    for (const filename of PLACEHOLDER_FILES) {
      for (const width of COVER_WIDTHS) {
        const file = readFileSync(`public/placeholders/${localVariantName(filename, width)}`);
        expect(webpSize(file)).toEqual({ width, height: width });
      }
    }
  });
});
