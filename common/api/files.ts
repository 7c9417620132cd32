import { z } from 'zod';
import { docId } from '../schemas';
import { endpoint, other } from './contract';

export const clipParams = z.strictObject({ sessionId: docId, handle: docId });

/** Files: vote clips, placeholder covers and signed-URL files (functions/src/files/router.ts). */
export const files = {
  clip: endpoint({
    method: 'GET',
    path: '/api/files/clips/:sessionId/:handle',
    access: 'public',
    summary: "A vote session's clip; the unguessable session id and handle are the capability (Range requests work)",
    params: clipParams,
    response: other('file', 200, 'audio/mpeg'),
  }),
  placeholder: endpoint({
    method: 'GET',
    path: '/api/files/placeholders/:filename',
    access: 'public',
    summary: 'A stored placeholder cover; with ?w=96|192|512, as WebP that wide',
    query: z.object({ w: z.enum(['96', '192', '512']).optional() }),
    checkedBy: 'handler',
    response: other('file', 200, 'image/jpeg'),
  }),
  signed: endpoint({
    method: 'GET',
    path: '/api/files/{*path}',
    access: 'public',
    summary: 'A stored file behind a signed URL (?expires&sig[&download]); the signature is the permission',
    query: z.object({ expires: z.string(), sig: z.string(), download: z.string().optional() }),
    checkedBy: 'handler',
    response: other('file'),
  }),
} as const;
