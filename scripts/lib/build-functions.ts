/** Bundles functions/src (and the shared common/ code it imports) into functions/lib for deploy and the Functions emulator. */
import { build } from 'esbuild';

/** Packages the deployed function installs from functions/package.json instead of bundling. */
export const EXTERNAL = ['firebase-admin', 'firebase-functions', 'express', 'zod', '@ffmpeg-installer/ffmpeg', 'busboy', 'ssh2', 'ssh2-sftp-client', '@solana/kit', '@solana-program/token', 'nodemailer'];

export async function buildFunctions(): Promise<void> {
  await build({
    entryPoints: ['functions/src/index.ts'],
    outfile: 'functions/lib/index.js',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    external: EXTERNAL,
  });
}
