import type { RequestHandler } from 'express';
import { clipParams } from '../../../common/api/files';
import { sendFile } from '../files/send-file';
import type { Deps } from '../platform/deps';
import { forbidden, notFound } from '../platform/http/errors';
import { log } from '../platform/log';
import { parse } from '../platform/http/validate';
import { renderClip, renditionSeed } from './clip-rendition';
import { sessionsCol } from './session-doc';


/**
 * GET /api/files/clips/:sessionId/:handle — a session's clip. Audio elements cannot send an
 * Authorization header, so the unguessable session id and handle are the capability: the clip
 * plays only while the session holds that handle and its clips have not expired. Private, so no
 * shared cache keeps it. The bytes are this session's rendition of the stored clip
 * (clip-rendition.ts): the same on every fetch, different from any other session's.
 */
export const serveSessionClip =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { sessionId, handle } = parse(clipParams, req.params);
    const session = (await sessionsCol(deps.db).doc(sessionId).get()).data() ?? null;
    const index = session ? session.clips.findIndex((c) => c.clip_id === handle) : -1;
    const path = session && index >= 0 ? session.clip_paths[index] : undefined;
    if (!session || !path) throw notFound('Clip not found');
    if (!(Date.parse(session.clips_expire_at) > deps.now())) throw forbidden('Invalid or expired link');
    const file = await deps.storage.get(path);
    if (!file) throw notFound('Clip not found');
    const rendition = renderClip(file.data, renditionSeed(session, handle));
    if (!rendition) log.clipNotRendered(path);
    sendFile(req, res, { data: rendition ?? file.data, contentType: file.contentType }, 'private, max-age=3600');
  };
