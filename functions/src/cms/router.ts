import { Router } from 'express';
import type { Deps } from '../platform/deps';

/** Admin endpoints under /api/cms (track moderation, stats). */
export function cmsRouter(_deps: Deps): Router {
  return Router();
}
