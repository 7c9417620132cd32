import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * ffmpeg under limits. Uploads are untrusted input to a large C program, so every run gets a
 * wall-clock timeout and OS resource limits: a crafted file can make it slow, hungry or
 * endless, but only for a bounded time and memory, and never write an unbounded file.
 */

export type FfmpegLimits = {
  /** Wall clock, then SIGKILL. */
  timeoutMs: number;
  /** CPU time of the process (all its threads), then the kernel's SIGKILL. */
  cpuSeconds: number;
  /** Address space; allocations beyond it fail ("Cannot allocate memory"). */
  memoryBytes: number;
  /** Largest file it may write; beyond it the kernel stops it (SIGXFSZ). */
  fileBytes: number;
};

const MIB = 1024 * 1024;

/**
 * Decoding or cutting audio. A 50 MB upload decodes in about 2 s on one core and needs well
 * under 128 MiB of address space; a submission makes up to three runs within the function's 120 s.
 */
export const AUDIO_LIMITS: FfmpegLimits = { timeoutMs: 30_000, cpuSeconds: 30, memoryBytes: 256 * MIB, fileBytes: 16 * MIB };

/** Remuxing a video of at most 20 MB (stream copy, no decoding): the output is about the input's size. */
export const VIDEO_LIMITS: FfmpegLimits = { timeoutMs: 30_000, cpuSeconds: 30, memoryBytes: 256 * MIB, fileBytes: 64 * MIB };

/** Re-encoding an image of at most 50 megapixels (200 MiB as RGBA, plus the scaler's buffers). */
export const IMAGE_LIMITS: FfmpegLimits = { timeoutMs: 20_000, cpuSeconds: 20, memoryBytes: 1024 * MIB, fileBytes: 32 * MIB };

/** Why a run was stopped before it finished on its own, or null. */
type Stopped = 'timeout' | 'limit' | null;

export type RunResult = { code: number; stdout: string; stderr: string; stopped: Stopped };

/** Output kept per stream: the progress lines and the error tail are all anyone reads. */
const KEEP_CHARS = 256 * 1024;

/**
 * POSIX sh sets the limits and then execs ffmpeg (so the timeout kills ffmpeg itself). Units
 * are those of POSIX sh (dash, bash as sh, busybox): -v in KiB, -f in 512-byte blocks. The
 * values are integers computed here; the path and arguments travel as "$0" "$@", never parsed.
 */
function limitScript(limits: FfmpegLimits): string {
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const kib = Math.max(1, Math.floor(limits.memoryBytes / 1024));
  const blocks = Math.max(1, Math.floor(limits.fileBytes / 512));
  return `ulimit -t ${cpu} && ulimit -v ${kib} && ulimit -f ${blocks} && exec "$0" "$@"`;
}

/** The kernel stops a process over its CPU limit with SIGKILL (or SIGXCPU) and over its file-size limit with SIGXFSZ. */
const LIMIT_SIGNALS = new Set(['SIGKILL', 'SIGXCPU', 'SIGXFSZ']);
/** Failed allocations: ffmpeg may still exit 0 when one hits an input (it takes it for the end), so the output would be partial. */
const LIMIT_ERRORS = /Cannot allocate memory|File too large/;

function keepTail(text: string): string {
  return text.length > 2 * KEEP_CHARS ? text.slice(-KEEP_CHARS) : text;
}

/** ffmpeg processes at once per instance (one instance serves concurrent requests); more wait their turn. */
const MAX_PARALLEL_RUNS = 4;
let running = 0;
const waiting: Array<() => void> = [];

/** Takes a run slot (waiting if none is free); the returned function gives it back, to the next in line if any. */
async function slot(): Promise<() => void> {
  if (running < MAX_PARALLEL_RUNS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // handed over by a release, count unchanged
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/**
 * Runs ffmpeg with `args` under `limits` (filters single-threaded, no stdin), once a run slot is
 * free. Resolves with its exit code and output; `stopped` says whether the timeout or a
 * resource limit ended it.
 */
export async function runLimited(ffmpegPath: string, args: readonly string[], limits: FfmpegLimits): Promise<RunResult> {
  const release = await slot();
  try {
    return await spawnLimited(ffmpegPath, args, limits);
  } finally {
    release();
  }
}

function spawnLimited(ffmpegPath: string, args: readonly string[], limits: FfmpegLimits): Promise<RunResult> {
  const argv = ['-c', limitScript(limits), ffmpegPath, '-hide_banner', '-nostdin', '-filter_threads', '1', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout = keepTail(stdout + chunk)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = keepTail(stderr + chunk)));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err); // /bin/sh missing: the server is broken, not the upload
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let stopped: Stopped = null;
      if (timedOut) stopped = 'timeout';
      else if ((signal && LIMIT_SIGNALS.has(signal)) || LIMIT_ERRORS.test(stderr)) stopped = 'limit';
      resolve({ code: code ?? 1, stdout, stderr, stopped });
    });
  });
}

/** Writes `data` as `name` in a fresh temp directory, runs `work` on it, and always removes the directory. */
export async function inTempDir<T>(data: Buffer, name: string, work: (dir: string, input: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'ffmpeg-'));
  try {
    const input = join(dir, name);
    await writeFile(input, data);
    return await work(dir, input);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
