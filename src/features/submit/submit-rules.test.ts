import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../common/contest/clip';
import { DEFAULT_PRICING } from '../../../common/constants';
import { submissionCost } from '../../../common/contest/contest';
import { titleFromFileName } from '../../../common/radio/submission';
import { audioProblem, bothRoutesSaving, clampClipStart, clipEnd, clipReadout, maxClipStart, segmentHint, toggleIn, videoProblem } from './submit-rules';

const MB = 1024 * 1024;

describe('title from the audio file name (common/radio/submission, as the form uses it)', () => {
  it('drops the extension only, and surrounding spaces', () => {
    expect(titleFromFileName('Neon Rain.mp3')).toBe('Neon Rain');
    expect(titleFromFileName('my.song.v2.flac')).toBe('my.song.v2');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName(' Demo take .wav')).toBe('Demo take');
  });
});

describe('file checks', () => {
  it('accepts the six audio formats and refuses others by name', () => {
    for (const ext of ['mp3', 'm4a', 'wav', 'aac', 'ogg', 'flac']) expect(audioProblem({ name: `t.${ext}`, size: 1 })).toBeNull();
    expect(audioProblem({ name: 'x.txt', size: 1 })?.title).toBe('Unsupported audio file');
    expect(audioProblem({ name: 'song.mp3.exe', size: 1 })?.title).toBe('Unsupported audio file');
    expect(audioProblem({ name: 'mp3', size: 1 })?.title).toBe('Unsupported audio file');
    expect(audioProblem({ name: 'LOUD.MP3', size: 1 })).toBeNull();
  });

  it('refuses audio over 50MB', () => {
    expect(audioProblem({ name: 'big.wav', size: 50 * MB })).toBeNull();
    expect(audioProblem({ name: 'big.wav', size: 50 * MB + 1 })?.title).toEqual('Audio file too large');
  });

  it('refuses video that is not mp4/mov/avi/webm/mkv or over 20MB, with the spec texts', () => {
    for (const ext of ['mp4', 'MOV', 'avi', 'webm', 'mkv']) expect(videoProblem({ name: `v.${ext}`, size: 20 * MB })).toBeNull();
    expect(videoProblem({ name: 'v.mp4', size: 20 * MB + 1 })).toEqual({ title: 'Video too large', detail: 'Maximum video size is 20MB' });
    expect(videoProblem({ name: 'v.gif', size: 10 })?.title).toBe('Unsupported video file');
  });
});

describe('clip window', () => {
  it('clamps the start to 0 .. duration - 45 on the 0.1 s step', () => {
    expect(maxClipStart(70)).toBe(25);
    expect(maxClipStart(70.08)).toBe(25);
    expect(maxClipStart(180.37)).toBe(135.3);
    expect(clampClipStart(12.34, 70)).toBe(12.3);
    expect(clampClipStart(12.36, 70)).toBe(12.4);
    expect(clampClipStart(30, 70)).toBe(25);
    expect(clampClipStart(-3, 70)).toBe(0);
    expect(clampClipStart(Number.NaN, 70)).toBe(0);
  });

  it('pins tracks of 45 s or less (and unknown durations) to 0', () => {
    expect(maxClipStart(45)).toBe(0);
    expect(maxClipStart(20)).toBe(0);
    expect(clampClipStart(5, 20)).toBe(0);
    expect(clampClipStart(5, 0)).toBe(0);
    expect(maxClipStart(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('ends 45 s after the start or at the end of the track', () => {
    expect(clipEnd(10, 70)).toBe(55);
    expect(clipEnd(0, 30)).toBe(30);
    expect(clipReadout(25, 70)).toBe('Clip: 0:25 – 1:10');
    expect(clipReadout(0, 0)).toBe('Clip: 0:00 – 0:45');
    // Each 0.1 s step of the slider shows.
    expect(clipReadout(44.8, 90)).toBe('Clip: 0:44.8 – 1:29.8');
    expect(clipReadout(59.9, 200)).toBe('Clip: 0:59.9 – 1:44.9');
    expect(clipReadout(0.30000000000000004, 90)).toBe('Clip: 0:00.3 – 0:45.3');
  });

  it('formats m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.99)).toBe('0:09');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(600)).toBe('10:00');
  });
});


describe('submission cost', () => {
  const pricing = { contest_entry_cost: 10, marketplace: { basic: 15 } };

  it('is 10 for contest, 15 for marketplace, 20 for both (saves 5), 0 for admins', () => {
    expect(submissionCost(['contest'], pricing, false)).toBe(10);
    expect(submissionCost(['marketplace'], pricing, false)).toBe(15);
    expect(submissionCost(['contest', 'marketplace'], pricing, false)).toBe(DEFAULT_PRICING.both_routes_cost);
    expect(submissionCost([], pricing, false)).toBe(0);
    expect(submissionCost(['contest', 'marketplace'], pricing, true)).toBe(0);
    expect(bothRoutesSaving(pricing)).toBe(5);
  });

  it('follows the configured prices', () => {
    const custom = { contest_entry_cost: 12, marketplace: { basic: 30 } };
    expect(submissionCost(['contest'], custom, false)).toBe(12);
    expect(submissionCost(['marketplace'], custom, false)).toBe(30);
    expect(submissionCost(['contest', 'marketplace'], custom, false)).toBe(37);
    expect(bothRoutesSaving(custom)).toBe(5);
  });
});

describe('toggleIn', () => {
  it('adds a missing item and removes a present one', () => {
    expect(toggleIn(['contest'], 'marketplace')).toEqual(['contest', 'marketplace']);
    expect(toggleIn(['contest', 'marketplace'], 'contest')).toEqual(['marketplace']);
  });
});

describe('segmentHint', () => {
  it('says what the segment is for, as long as the file allows', () => {
    expect(segmentHint(['contest'], 45)).toBe('Voters hear 45 seconds from this point, with a short fade in and out.');
    // A 30 s upload: the clip is the whole file.
    expect(segmentHint(['contest'], 30)).toBe('Voters hear 30 seconds from this point, with a short fade in and out.');
    expect(segmentHint(['marketplace'], 45)).toBe('The marketplace preview plays 30 seconds from this point.');
    expect(segmentHint(['contest', 'marketplace'], 45)).toBe('Voters hear 45 seconds from this point, with a short fade in and out; the marketplace preview plays 30.');
    expect(segmentHint(['marketplace'], 12)).toBe('The marketplace preview plays 12 seconds from this point.');
  });
});

