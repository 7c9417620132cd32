import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_LIMITS, runLimited, type FfmpegLimits } from './ffmpeg';

const ffmpeg = ffmpegInstaller.path;
const MIB = 1024 * 1024;
const roomy: FfmpegLimits = { timeoutMs: 20_000, cpuSeconds: 20, memoryBytes: 512 * MIB, fileBytes: 64 * MIB };
/** An endless source: ffmpeg runs until something stops it. */
const endless = ['-f', 'lavfi', '-i', 'sine=frequency=440', '-f', 'null', '-'];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('runLimited', () => {
  it('runs ffmpeg normally within its limits', async () => {
    const out = join(dir, 'ok.wav');
    const result = await runLimited(ffmpeg, ['-y', '-f', 'lavfi', '-i', 'sine=duration=2', out], AUDIO_LIMITS);
    expect([result.code, result.stopped]).toEqual([0, null]);
    expect((await stat(out)).size).toBeGreaterThan(100_000);
  });

  it('kills an endless run at the wall-clock timeout', async () => {
    const started = Date.now();
    const result = await runLimited(ffmpeg, endless, { ...roomy, timeoutMs: 300 });
    expect(result.stopped).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the kernel stops a run at its CPU-seconds limit', async () => {
    const result = await runLimited(ffmpeg, endless, { ...roomy, cpuSeconds: 1 });
    expect(result.stopped).toBe('limit');
  });

  it('the kernel stops a run at its output-file-size limit, and the file stays within it', async () => {
    const out = join(dir, 'big.wav');
    const result = await runLimited(ffmpeg, ['-y', '-f', 'lavfi', '-i', 'sine=duration=60', out], { ...roomy, fileBytes: 64 * 1024 });
    expect(result.stopped).toBe('limit');
    expect((await stat(out)).size).toBeLessThanOrEqual(64 * 1024);
  });

  it('allocations beyond the address-space limit fail, and the run counts as stopped (even when ffmpeg exits 0)', async () => {
    const huge = ['-f', 'lavfi', '-i', 'testsrc=size=4000x4000', '-frames:v', '2', '-f', 'null', '-'];
    expect((await runLimited(ffmpeg, huge, roomy)).stopped).toBeNull();
    expect((await runLimited(ffmpeg, huge, { ...roomy, memoryBytes: 96 * MIB })).stopped).toBe('limit');
  });

  it('passes the path and arguments to ffmpeg untouched by the shell', async () => {
    const out = join(dir, 'name with spaces; $(touch pwned) `x`.wav');
    const result = await runLimited(ffmpeg, ['-y', '-f', 'lavfi', '-i', 'sine=duration=1', out], AUDIO_LIMITS);
    expect(result.code).toBe(0);
    expect((await stat(out)).size).toBeGreaterThan(0);
    await expect(stat(join(process.cwd(), 'pwned'))).rejects.toThrow();
  });
});
