import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStation } from './demo-station';

let base = '';
const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
let close = () => {};

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'station-'));
  const mp3Path = join(dir, 'demo.mp3');
  // An ID3 header (10 bytes + 4 of tag) then "audio" bytes.
  await writeFile(mp3Path, Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4]), Buffer.from('TAGS'), Buffer.alloc(50_000, 0xab)]));
  const app = express().use('/radio', demoStation({ now: () => clock.t }, mp3Path));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/radio`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => close());

describe('demo station', () => {
  it('serves AzuraCast-style now-playing metadata that rotates every 3 minutes', async () => {
    const first = await (await fetch(`${base}/nowplaying`)).json();
    expect(first.now_playing.song).toMatchObject({ title: expect.any(String), artist: expect.any(String) });
    clock.t += 180_000;
    const second = await (await fetch(`${base}/nowplaying`)).json();
    expect(second.now_playing.song.title).not.toBe(first.now_playing.song.title);
  });

  it('streams mp3 bytes without the ID3 header', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/stream.mp3`, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(value!.length).toBeGreaterThan(0);
    expect(Buffer.from(value!).subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect(value![0]).toBe(0xab);
    abort.abort();
  });
});
