import { LOCAL_PLACEHOLDER_PREFIX } from '../cms/placeholders';

/**
 * Covers at the size they are shown, as WebP: every cover is one of the placeholder JPEGs
 * (512x512), local (public/placeholders, with committed WebP variants beside them:
 * cover-01-96.webp…) or stored (the API encodes the variant asked with ?w=).
 */
export const COVER_WIDTHS = [96, 192, 512] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

/** The smallest variant that is sharp at `displayPx` CSS pixels on a 2x screen. */
export const coverWidthFor = (displayPx: number): CoverWidth => COVER_WIDTHS.find((w) => w >= displayPx * 2) ?? 512;

/** The local placeholder's variant file name: cover-01.jpg → cover-01-96.webp. */
export const localVariantName = (filename: string, width: CoverWidth) => filename.replace(/\.jpg$/, `-${width}.webp`);

const LOCAL_COVER = /^\/placeholders\/(cover-\d{2}\.jpg)$/;
const STORED_COVER = /^\/api\/files\/placeholders\/(cover-\d{2}\.jpg)$/;

/** The URL of a cover's WebP variant for `displayPx` CSS pixels; any other URL as it is. */
export function coverVariantUrl(url: string, displayPx: number): string {
  const width = coverWidthFor(displayPx);
  const local = LOCAL_COVER.exec(url);
  if (local) return `${LOCAL_PLACEHOLDER_PREFIX}${localVariantName(local[1]!, width)}`;
  if (STORED_COVER.test(url)) return `${url}?w=${width}`;
  return url;
}

/** Parses GET /api/files/placeholders/:filename's ?w= (absent: the stored JPEG; unknown: null). */
export function parseCoverWidth(raw: unknown): CoverWidth | 'original' | null {
  if (raw === undefined) return 'original';
  return COVER_WIDTHS.find((w) => String(w) === raw) ?? null;
}
