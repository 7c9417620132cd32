/** Bundles functions/src (and the shared common/ code it imports) into functions/lib for deploy and the Functions emulator. */
import { build } from 'esbuild';

/**
 * Packages the deployed function installs from functions/package.json instead of bundling. The
 * adapters most requests never use (Stripe, pdf-lib, SFTP, SMTP, Solana) are among them and
 * loaded on first use (functions/src/platform/lazy.ts): left out, they are not even parsed when an
 * instance starts. zod, which every route's schemas build at load, is bundled: one file to read
 * instead of a hundred modules to resolve (docs/decisions.md, Cold start: adapters load on first use).
 */
export const EXTERNAL = [
  'firebase-admin',
  'firebase-functions',
  'express',
  '@ffmpeg-installer/ffmpeg',
  'busboy',
  'ssh2',
  'ssh2-sftp-client',
  '@solana/kit',
  '@solana-program/token',
  'nodemailer',
  'stripe',
  'pdf-lib',
];

/**
 * The bundle is CommonJS (`.cjs`) in a package whose sources are ES modules (functions/package.json
 * `"type": "module"`): tsx then runs functions/src as ESM for the local stack and its seeds, where
 * as CommonJS it could not resolve the adapters' `import('pkg')` (platform/lazy.ts).
 * `outfile`: elsewhere than the deployed bundle for a test (a CommonJS name, `.cjs`, outside functions/).
 */
export async function buildFunctions(outfile = 'functions/lib/index.cjs'): Promise<void> {
  await build({
    entryPoints: ['functions/src/index.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    external: EXTERNAL,
  });
}
