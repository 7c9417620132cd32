/**
 * Generates the app icons and the 26 placeholder album covers with ffmpeg (no downloads, no
 * fonts). Run once by a developer: `npx tsx scripts/generate-assets.ts`; outputs are committed.
 */
import { mkdir } from 'node:fs/promises';
import { PLACEHOLDER_COVER_COUNT } from '../common/constants';
import { runFfmpeg } from './lib/media';

const ICON_SIZES = [
  { file: 'public/icons/icon-192.png', size: 192, pad: 0 },
  { file: 'public/icons/icon-512.png', size: 512, pad: 0 },
  { file: 'public/icons/maskable-512.png', size: 512, pad: 0.2 },
  { file: 'public/icons/apple-touch-icon.png', size: 180, pad: 0.08 },
  { file: 'public/favicon.png', size: 64, pad: 0 },
];

/** Concentric sound rings on a violet-to-fuchsia gradient; `pad` shrinks the mark (maskable safe zone). */
function iconFilter(pad: number): string {
  const scale = 1 - pad;
  const r = `(hypot(X-W/2,Y-H/2)/(W/2)/${scale})`;
  const ring = `(gt(sin(${r}*26),0.55)*lt(${r},0.78)*gt(${r},0.12))`;
  const dot = `lt(${r},0.1)`;
  const on = `max(${ring},${dot})`;
  return [
    `geq=r='clip(70+110*X/W+${on}*150,0,255)'`,
    `g='clip(12+20*Y/H+${on}*170,0,255)'`,
    `b='clip(120+90*(1-X/W)+${on}*120,0,255)'`,
  ].join(':');
}

/** A distinct abstract cover per index: interference patterns in a per-index palette. */
function coverFilter(i: number): string {
  const a = 4 + (i % 7) * 3;
  const b = 3 + ((i * 5) % 11);
  const c = 2 + ((i * 3) % 5);
  const hue = (i * 47) % 360;
  const base = (k: number) => Math.round(128 + 100 * Math.cos(((hue + k) * Math.PI) / 180));
  const [r0, g0, b0] = [base(0), base(120), base(240)];
  const u = 'X/W';
  const v = 'Y/H';
  const d = `hypot(X-W*${(0.3 + (i % 4) * 0.13).toFixed(2)},Y-H*${(0.35 + (i % 3) * 0.15).toFixed(2)})/W`;
  const wave = `(sin(${u}*${a}+cos(${v}*${b})*2)+cos(${d}*${c * 9})+sin((${u}+${v})*${c * 3}))/3`;
  return [
    `geq=r='clip(${r0}*(0.55+0.45*${wave})+40*${v},0,255)'`,
    `g='clip(${g0}*(0.55+0.45*sin(${wave}*3.1))+20*${u},0,255)'`,
    `b='clip(${b0}*(0.6+0.4*cos(${wave}*2.3)),0,255)'`,
  ].join(':');
}

async function main() {
  await mkdir('public/icons', { recursive: true });
  await mkdir('public/placeholders', { recursive: true });
  for (const { file, size, pad } of ICON_SIZES) {
    await runFfmpeg(['-f', 'lavfi', '-i', `color=c=black:s=${size}x${size}:d=1`, '-vf', iconFilter(pad), '-frames:v', '1', file]);
    console.log(file);
  }
  for (let i = 1; i <= PLACEHOLDER_COVER_COUNT; i++) {
    const file = `public/placeholders/cover-${String(i).padStart(2, '0')}.jpg`;
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=512x512:d=1', '-vf', `${coverFilter(i)},format=yuvj420p`, '-frames:v', '1', '-q:v', '5', file]);
    console.log(file);
  }
}

void main();
