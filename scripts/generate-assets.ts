/**
 * Generates the committed static images with ffmpeg (no fonts, no network):
 *   public/icons/icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png, public/favicon.png
 *   public/placeholders/cover-01.jpg … cover-26.jpg (512x512, each under 60 KB)
 *   public/placeholders/cover-01-96.webp … (each cover as WebP at COVER_WIDTHS: covers are shown at their size)
 *
 * Run once by a developer: `npx tsx scripts/generate-assets.ts`. Output is deterministic.
 * `--cover-variants` writes only the WebP variants of the existing covers.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLACEHOLDER_COVER_COUNT } from '../common/constants';
import { COVER_WIDTHS, localVariantName } from '../common/contest/covers';
import { PLACEHOLDER_FILES } from '../common/cms/placeholders';
import { webpVariant } from '../functions/src/platform/media/image';
import { ffmpegPath, runFfmpeg } from './lib/media';
import { mulberry32 } from './lib/prng';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ICONS_DIR = join(ROOT, 'public', 'icons');
const COVERS_DIR = join(ROOT, 'public', 'placeholders');

const COVER_SIZE = 512;
const COVER_MAX_BYTES = 60_000;
const PARALLEL = 2;

/** Shortest decimal for an expression literal. */
const n = (x: number) => String(Number(x.toFixed(5)));


/** geq with per-channel expressions; `setup` runs first in each (registers are per expression). */
function geq(setup: string, channels: { r: string; g: string; b: string; a?: string }): string {
  const q = (e: string) => `'${setup ? `${setup};` : ''}${e}'`;
  const alpha = channels.a ? `:a=${q(channels.a)}` : '';
  return `geq=r=${q(channels.r)}:g=${q(channels.g)}:b=${q(channels.b)}${alpha}`;
}

/**
 * Output args for a source-only filter graph. One filter thread: geq is slice-threaded here and
 * its st()/ld() registers are shared between slices, which otherwise smears streaks across rows.
 */
function singleThreaded(graph: string): string[] {
  return ['-filter_complex_threads', '1', '-filter_complex', `${graph}[out]`, '-map', '[out]'];
}

// ---------------------------------------------------------------------------------------------
// Icons: a white "sound wave inside a record" mark on a deep violet → fuchsia gradient.
// ---------------------------------------------------------------------------------------------

type IconOptions = { size: number; markScale: number; rounded: boolean };

const VIOLET = [46, 16, 101] as const; // #2e1065
const FUCHSIA = [192, 38, 211] as const; // #c026d3
const MARK = [255, 244, 255] as const;
const BAR_HEIGHTS = [0.085, 0.165, 0.235, 0.15, 0.075];

function iconFilter({ size, markScale: s, rounded }: IconOptions): string {
  // registers: 0 u, 1 v (centred, -0.5..0.5), 2 gradient, 3 mark coverage, 4 bar index
  const spacing = 0.095 * s;
  const halfWidth = 0.03 * s;
  const heights = BAR_HEIGHTS.map((h) => h * s);
  const heightOf = heights
    .slice(0, -1)
    .reduceRight<string>((acc, h, i) => `if(eq(ld(4),${i - 2}),${n(h)},${acc})`, n(heights.at(-1) ?? 0));
  const ringRadius = 0.36 * s;
  const ringHalf = 0.028 * s;
  const ring = `clip(0.5-(abs(hypot(ld(0),ld(1))-${n(ringRadius)})-${n(ringHalf)})*W,0,1)`;
  const bar = `clip(0.5-(hypot(abs(ld(0)-ld(4)*${n(spacing)}),max(abs(ld(1))-${heightOf},0))-${n(halfWidth)})*W,0,1)`;
  const setup = [
    'st(0,(X+0.5)/W-0.5)',
    'st(1,(Y+0.5)/H-0.5)',
    // diagonal gradient (violet bottom-left → fuchsia top-right) with a soft glow behind the mark
    'st(2,clip(0.5+0.55*(ld(0)-ld(1))+0.25*(0.5-hypot(ld(0),ld(1))),0,1))',
    'st(4,clip(round(ld(0)/' + n(spacing) + '),-2,2))',
    `st(3,max(${ring},${bar}))`,
  ].join(';');
  const channel = (k: 0 | 1 | 2) =>
    `(${VIOLET[k]}+${FUCHSIA[k] - VIOLET[k]}*ld(2))*(1-ld(3))+${MARK[k]}*ld(3)`;
  // rounded-square silhouette (radius 22%) for the "any" icons; full bleed for maskable / Apple
  const r = 0.22;
  const corner = `st(5,abs(ld(0))-${0.5 - r});st(6,abs(ld(1))-${0.5 - r});clip(0.5-(hypot(max(ld(5),0),max(ld(6),0))+min(max(ld(5),ld(6)),0)-${r})*W,0,1)*255`;
  return `color=c=black:s=${size}x${size},format=gbrap,${geq(setup, {
    r: channel(0),
    g: channel(1),
    b: channel(2),
    a: rounded ? corner : '255',
  })}`;
}

async function writeIcon(path: string, options: IconOptions): Promise<void> {
  await runFfmpeg([
    ...singleThreaded(iconFilter(options)),
    '-frames:v', '1', '-map_metadata', '-1', '-pix_fmt', options.rounded ? 'rgba' : 'rgb24', '-f', 'image2', path,
  ]); // prettier-ignore
}

// ---------------------------------------------------------------------------------------------
// Covers: a scalar field t(x, y) (computed directly with geq, or taken from the luminance of a
// mandelbrot / cellauto / life source) coloured by a cosine palette c(t) = a + b·cos(2π(f·t + d)).
// ---------------------------------------------------------------------------------------------

type Palette = { a: readonly number[]; b: readonly number[]; f: readonly number[]; d: readonly number[] };

const PALETTES: readonly Palette[] = [
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [1, 1, 1], d: [0, 0.33, 0.67] },
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [1, 1, 1], d: [0, 0.1, 0.2] },
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [1, 1, 1], d: [0.3, 0.2, 0.2] },
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [1, 1, 0.5], d: [0.8, 0.9, 0.3] },
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [1, 0.7, 0.4], d: [0, 0.15, 0.2] },
  { a: [0.5, 0.5, 0.5], b: [0.5, 0.5, 0.5], f: [2, 1, 0], d: [0.5, 0.2, 0.25] },
  { a: [0.8, 0.5, 0.4], b: [0.2, 0.4, 0.2], f: [2, 1, 1], d: [0, 0.25, 0.25] },
];

function paletteGeq(setup: string, p: Palette): string {
  const ch = (k: number) =>
    `255*clip(${n(p.a[k] ?? 0.5)}+${n(p.b[k] ?? 0.5)}*cos(2*PI*(${n(p.f[k] ?? 1)}*ld(9)+${n(p.d[k] ?? 0)})),0,1)`;
  return geq(setup, { r: ch(0), g: ch(1), b: ch(2) });
}

const UV = 'st(0,X/W-0.5);st(1,Y/H-0.5)';
const LUMA = '(0.3*r(X,Y)+0.59*g(X,Y)+0.11*b(X,Y))/255';

type Cover = { source: string; field: string };
type Kind = (rand: () => number, index: number) => Cover;

const blank = `color=c=black:s=${COVER_SIZE}x${COVER_SIZE}`;

const MANDELBROT_SPOTS = [
  { x: -0.7436447, y: -0.1318259, scale: 0.012 },
  { x: -0.7453, y: 0.1127, scale: 0.009 },
  { x: -0.1596, y: 1.0395, scale: 0.03 },
  { x: 0.2816, y: 0.0097, scale: 0.016 },
];
const CELL_RULES = [90, 150, 18, 105];

const KINDS: readonly Kind[] = [
  // plasma: a sum of sine waves
  (rand) => {
    const [f1, f2, f3, f4] = [4 + 6 * rand(), 4 + 6 * rand(), 3 + 5 * rand(), 8 + 10 * rand()];
    const [p1, p2, cx, cy] = [6 * rand(), 6 * rand(), rand() - 0.5, rand() - 0.5];
    return {
      source: blank,
      field: `${UV};st(9,0.18*(sin(ld(0)*${n(f1)}+${n(p1)})+sin(ld(1)*${n(f2)}+${n(p2)})+sin((ld(0)+ld(1))*${n(f3)})+sin(hypot(ld(0)-${n(cx)},ld(1)-${n(cy)})*${n(f4)}))+${n(rand())})`,
    };
  },
  // concentric rings with a wobble, posterized
  (rand) => {
    const [cx, cy] = [0.6 * rand() - 0.3, 0.6 * rand() - 0.3];
    const [freq, lobes, steps] = [2 + 3 * rand(), 3 + Math.floor(6 * rand()), 5 + Math.floor(5 * rand())];
    return {
      source: blank,
      field: `${UV};st(2,hypot(ld(0)-${n(cx)},ld(1)-${n(cy)})*${n(freq)}+0.06*sin(atan2(ld(1)-${n(cy)},ld(0)-${n(cx)})*${lobes}));st(9,floor(ld(2)*${steps})/${steps}*0.8+${n(rand())})`,
    };
  },
  // spiral arms
  (rand) => {
    const arms = 2 + Math.floor(5 * rand());
    const twist = (rand() < 0.5 ? -1 : 1) * (2 + 4 * rand());
    return {
      source: blank,
      field: `${UV};st(2,atan2(ld(1),ld(0))/(2*PI)*${arms}+hypot(ld(0),ld(1))*${n(twist)});st(9,0.35*(0.5+0.5*sin(2*PI*ld(2)))+0.9*hypot(ld(0),ld(1))+${n(rand())})`,
    };
  },
  // layered flowing bands (poster look)
  (rand) => {
    const [freq, amp, f2, p] = [3 + 4 * rand(), 0.4 + 0.8 * rand(), 4 + 8 * rand(), 6 * rand()];
    const steps = 6 + Math.floor(6 * rand());
    const angle = (rand() - 0.5) * 1.2;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    return {
      source: blank,
      field: `${UV};st(2,ld(0)*${n(c)}+ld(1)*${n(s)});st(3,ld(1)*${n(c)}-ld(0)*${n(s)});st(9,floor((ld(3)*${n(freq)}+${n(amp)}*sin(ld(2)*${n(f2)}+${n(p)}))*${steps})/${steps}*0.45+${n(rand())})`,
    };
  },
  // halftone dots over a diagonal gradient
  (rand) => {
    const cells = 10 + Math.floor(8 * rand());
    const [gx, gy] = [rand() - 0.5, rand() - 0.5];
    return {
      source: blank,
      field: `${UV};st(2,(ld(0)*${n(gx)}+ld(1)*${n(gy)})*1.4+0.5);st(3,hypot(mod(X/W*${cells},1)-0.5,mod(Y/H*${cells},1)-0.5));st(9,0.3*ld(2)+0.35*clip((0.5*clip(ld(2),0.05,1)-ld(3))*${n(COVER_SIZE / cells)},0,1)+${n(rand())})`,
    };
  },
  // mandelbrot close-ups
  (rand, index) => {
    const spot = MANDELBROT_SPOTS[index % MANDELBROT_SPOTS.length]!;
    return {
      source: `mandelbrot=s=${COVER_SIZE}x${COVER_SIZE}:maxiter=400:start_x=${spot.x}:start_y=${spot.y}:start_scale=${spot.scale}:inner=black,format=gbrp`,
      field: `st(9,0.9*${LUMA}+${n(rand())})`,
    };
  },
  // elementary cellular automaton from a single cell: Sierpinski-like triangles (gray first: geq
  // misreads 1-bit frames; setsar: the vertical stretch would make the vignette an ellipse)
  (rand, index) => {
    const rule = CELL_RULES[index % CELL_RULES.length]!;
    return {
      source: `cellauto=p='@':s=512x256:rule=${rule}:full=1:scroll=0,format=gray,scale=${COVER_SIZE}:${COVER_SIZE}:flags=neighbor,setsar=1,gblur=sigma=1.2,format=gbrp`,
      field: `st(9,0.35*${LUMA}+0.5*Y/H+${n(rand())})`,
    };
  },
  // game of life with mold, blurred into organic blobs
  (rand, index) => {
    const seed = 1000 + index;
    return {
      source: `life=s=128x128:seed=${seed}:ratio=0.35:mold=6:life_color=white:death_color=black:mold_color=0x404040,select='eq(n\\,30)',scale=${COVER_SIZE}:${COVER_SIZE}:flags=bicubic,gblur=sigma=4,format=gbrp`,
      field: `st(9,0.6*${LUMA}+0.35*hypot(X/W-0.5,Y/H-0.5)+${n(rand())})`,
    };
  },
];

function coverFilter(index: number): string {
  const rand = mulberry32(0xc0ffee + index * 7919);
  const kind = KINDS[index % KINDS.length]!;
  const palette = PALETTES[index % PALETTES.length]!;
  const { source, field } = kind(rand, index);
  return `${source},${paletteGeq(field, palette)},setsar=1,format=yuv444p,vignette=angle=PI/7`;
}

async function writeCover(index: number): Promise<void> {
  const path = join(COVERS_DIR, `cover-${String(index + 1).padStart(2, '0')}.jpg`);
  const filter = coverFilter(index);
  for (let q = 3; q <= 12; q++) {
    await runFfmpeg([
      ...singleThreaded(filter),
      '-frames:v', '1', '-map_metadata', '-1', '-pix_fmt', 'yuvj420p', '-q:v', String(q), '-f', 'image2', path,
    ]); // prettier-ignore
    const { size } = await stat(path);
    if (size < COVER_MAX_BYTES) {
      console.log(`${path.slice(ROOT.length + 1)} ${Math.round(size / 1024)} KB (q ${q})`);
      return;
    }
  }
  throw new Error(`${path} stays above ${COVER_MAX_BYTES} bytes`);
}

async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Each cover as WebP at each width, with the API's encoder (GET /api/files/placeholders/:filename?w=). */
async function writeCoverVariants(): Promise<void> {
  const jobs = PLACEHOLDER_FILES.flatMap((filename) => COVER_WIDTHS.map((width) => [filename, width] as const));
  await inParallel(jobs, PARALLEL, async ([filename, width]) => {
    const path = join(COVERS_DIR, localVariantName(filename, width));
    await writeFile(path, await webpVariant(ffmpegPath, await readFile(join(COVERS_DIR, filename)), width));
    console.log(path.slice(ROOT.length + 1));
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--cover-variants')) return writeCoverVariants();
  await mkdir(ICONS_DIR, { recursive: true });
  await mkdir(COVERS_DIR, { recursive: true });

  const icons: Array<[string, IconOptions]> = [
    [join(ICONS_DIR, 'icon-192.png'), { size: 192, markScale: 1, rounded: true }],
    [join(ICONS_DIR, 'icon-512.png'), { size: 512, markScale: 1, rounded: true }],
    // maskable: the mark stays inside the 80% safe zone
    [join(ICONS_DIR, 'maskable-512.png'), { size: 512, markScale: 0.72, rounded: false }],
    [join(ICONS_DIR, 'apple-touch-icon.png'), { size: 180, markScale: 0.86, rounded: false }],
    [join(ROOT, 'public', 'favicon.png'), { size: 64, markScale: 1.1, rounded: true }],
  ];
  await inParallel(icons, PARALLEL, async ([path, options]) => {
    await writeIcon(path, options);
    console.log(path.slice(ROOT.length + 1));
  });

  const indexes = Array.from({ length: PLACEHOLDER_COVER_COUNT }, (_, i) => i);
  await inParallel(indexes, PARALLEL, writeCover);
  await writeCoverVariants();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
