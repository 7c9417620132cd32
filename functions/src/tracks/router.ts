import { Router } from 'express';
import type { Deps } from '../platform/deps';

/** POST /api/tracks (multipart submission) — see docs/api.md. */
export function tracksRouter(_deps: Deps): Router {
  return Router();
}
