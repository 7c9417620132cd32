import { randomBytes } from 'node:crypto';

/**
 * A clip's handle within one session: random, unguessable, and different in every session, so
 * neither it nor the clip's URL names the track outside the session, and neither do the bytes
 * (each session gets its own rendition of the stored clip: clip-rendition.ts). Hex, so it is
 * always a valid document id (a vote names its clip by it).
 */
export const newClipHandle = (): string => randomBytes(16).toString('hex');

/**
 * Where a session's clip plays from: the API streams it (files/router.ts) after checking the
 * session holds the handle. No storage path or global clip id appears in it, and the service
 * worker's clip cache matches this prefix (vite.config.ts).
 */
export const sessionClipUrl = (sessionId: string, handle: string): string => `/api/files/clips/${sessionId}/${handle}`;
