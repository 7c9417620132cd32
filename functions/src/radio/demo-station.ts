import { Router } from 'express';
import type { Deps } from '../platform/deps';

/** Placeholder; replaced by the demo station (looping mp3 stream + now-playing JSON). */
export function demoStation(_deps: Deps): Router {
  return Router();
}
