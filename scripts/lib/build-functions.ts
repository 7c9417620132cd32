/** Bundles functions/src (and the shared common/ code it imports) into functions/lib for deploy and the Functions emulator. */
import { build, type Plugin } from 'esbuild';

/**
 * Packages the deployed function installs from functions/package.json instead of bundling. The
 * adapters most requests never use (Stripe, pdf-lib, SFTP, SMTP, Solana) are among them and
 * loaded on first use (functions/src/platform/http/lazy.ts): left out, they are not even parsed when an
 * instance starts. zod, which every route's schemas build at load, is bundled: one file to read
 * instead of a hundred modules to resolve (docs/adr/0010-functions-bundle-lazy-loads-and-pinned-deps.md).
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
 * zod re-exports its error messages in every language as `z.locales` (about 400 KB of the bundle's
 * 1.4 MB), though it speaks English unless told otherwise and nothing here tells it: the bundle
 * keeps English alone, so a new instance parses a third less code. Nothing reads `z.locales`
 * (a language picked one day would have to be added here).
 */
const englishZodOnly: Plugin = {
  name: 'english-zod-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'english-zod-only', pluginData: args.resolveDir } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-zod-only' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: args.pluginData as string,
      loader: 'js',
    }));
  },
};

/**
 * The bundle is CommonJS (`.cjs`) in a package whose sources are ES modules (functions/package.json
 * `"type": "module"`): tsx then runs functions/src as ESM for the local stack and its seeds, where
 * as CommonJS it could not resolve the adapters' `import('pkg')` (platform/http/lazy.ts).
 * `outfile`: elsewhere than the deployed bundle for a test (a CommonJS name, `.cjs`, outside functions/);
 * `entry`: another module of functions/src bundled the same way (`npm run coldstart` times the app alone).
 */
export async function buildFunctions(outfile = 'functions/lib/index.cjs', entry = 'functions/src/index.ts'): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    external: EXTERNAL,
    plugins: [englishZodOnly],
  });
}
