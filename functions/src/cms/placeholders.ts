import type { RequestHandler } from 'express';
import { filenameParams } from '../../../common/api/cms';
import { COVER_WIDTHS } from '../../../common/contest/covers';
import {
  LOCAL_PLACEHOLDER_PREFIX,
  PLACEHOLDER_FIELD,
  PLACEHOLDER_FILES,
  PLACEHOLDER_MAX_BYTES,
  PLACEHOLDER_MSG,
  storedCoverUrl,
  type PlaceholderCover,
} from '../../../common/cms/placeholders';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/http/errors';
import { imageRunError, webpVariant } from '../platform/media/image';
import { readForm } from '../platform/http/multipart';
import { noFields, parse } from '../platform/http/validate';
import { refreshListingCopies } from '../marketplace/refresh-copies';
import { updateTrack } from './track-write';

export const placeholderPath = (filename: string) => `placeholders/${filename}`;

/** Which placeholder covers are stored, each with the URL anyone can load it from. */
export async function storedCovers(deps: Deps): Promise<PlaceholderCover[]> {
  const stored = await Promise.all(PLACEHOLDER_FILES.map((f) => deps.storage.exists(placeholderPath(f))));
  return PLACEHOLDER_FILES.map((filename, i) => ({
    filename,
    local_url: `${LOCAL_PLACEHOLDER_PREFIX}${filename}`,
    stored_url: stored[i] ? storedCoverUrl(filename) : null,
  }));
}

/** GET /api/cms/placeholders — the 26 covers and which are stored (the cover picker offers the stored ones). */
export const listPlaceholders =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json({ covers: await storedCovers(deps) });
  };

const isJpeg = (data: Buffer) => data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/** POST /api/cms/placeholders/:filename — stores one placeholder cover (multipart `image`, a JPEG) under placeholders/{filename}, overwriting. */
export const uploadPlaceholder =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { filename } = parse(filenameParams, req.params);
    const form = await readForm(req, {
      files: { [PLACEHOLDER_FIELD]: { maxBytes: PLACEHOLDER_MAX_BYTES, tooLarge: PLACEHOLDER_MSG.tooLarge } },
      required: PLACEHOLDER_FIELD,
      missing: PLACEHOLDER_MSG.missing,
      limits: { fields: 1, fieldSize: 64, files: 1, parts: 2 },
      tooLarge: PLACEHOLDER_MSG.tooLarge,
      fields: (raw) => parse(noFields, raw),
    });
    if (!isJpeg(form.file.data)) throw badRequest(`${PLACEHOLDER_FIELD}: ${PLACEHOLDER_MSG.notJpeg}`);
    // It must decode, too: the public cover URL serves it as WebP at each width (files/router.ts).
    await webpVariant(deps.ffmpegPath, form.file.data, COVER_WIDTHS[0]).catch((err: unknown) => {
      throw imageRunError(err, () => badRequest(`${PLACEHOLDER_FIELD}: ${PLACEHOLDER_MSG.unreadable}`));
    });
    await deps.storage.put(placeholderPath(filename), form.file.data, 'image/jpeg');
    res.json({ filename, url: storedCoverUrl(filename) });
  };

const PAGE = 100;

/**
 * POST /api/cms/placeholders/migrate-tracks — every track whose cover still points at a local
 * placeholder that is now stored gets the stored URL (page by page; each track with its stats in
 * its own transaction, its listings after). Nothing left: nothing changes.
 */
export const migratePlaceholderTracks =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    parse(noFields, req.body ?? {});
    const stored = new Map((await storedCovers(deps)).filter((c) => c.stored_url).map((c) => [c.local_url, c.stored_url!]));
    const query = deps.db
      .collection(COL.tracks)
      .where('cover_art_url', '>=', LOCAL_PLACEHOLDER_PREFIX)
      .where('cover_art_url', '<', `${LOCAL_PLACEHOLDER_PREFIX}\uf8ff`)
      .orderBy('cover_art_url')
      .limit(PAGE);
    let updated = 0;
    let after: FirebaseFirestore.QueryDocumentSnapshot | null = null;
    for (;;) {
      const page: FirebaseFirestore.QuerySnapshot = await (after ? query.startAfter(after) : query).get();
      for (const doc of page.docs) {
        const cover: unknown = doc.get('cover_art_url');
        const url = typeof cover === 'string' ? stored.get(cover) : undefined;
        if (!url) continue;
        // What the transaction saw last (it may run again): a track another run moved meanwhile is not counted.
        let moved = false;
        const { track } = await updateTrack(deps, doc.id, (t) => {
          moved = t.cover_art_url?.startsWith(LOCAL_PLACEHOLDER_PREFIX) ?? false;
          return moved ? { cover_art_url: url } : {};
        });
        if (!moved) continue;
        await refreshListingCopies(deps.db, [{ trackId: doc.id, audio: track }]);
        updated++;
      }
      if (page.size < PAGE) break;
      after = page.docs.at(-1)!;
    }
    res.json({ updated });
  };
