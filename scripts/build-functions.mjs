// Bundles functions/src (and the shared common/ code it imports) into functions/lib for deploy.
import { build } from 'esbuild';

await build({
  entryPoints: ['functions/src/index.ts'],
  outfile: 'functions/lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-admin', 'firebase-functions', 'express', 'zod', '@ffmpeg-installer/ffmpeg', 'busboy'],
});
console.log('functions/lib/index.js built');
