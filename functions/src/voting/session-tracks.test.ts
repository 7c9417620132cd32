import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS, rememberedTrack, rememberSessionTracks } from './session-tracks';

const db = () => ({}) as Firestore;
const session = (userId: string, pairs: Array<[clip: string, track: string]>) => ({
  user_id: userId,
  clips: pairs.map(([clip]) => ({ clip_id: clip, clip_url: `/api/clips/${clip}` })),
  track_ids: pairs.map(([, track]) => track),
});

describe('remembered session tracks', () => {
  it('gives the track behind a clip of a remembered session, to its owner only', () => {
    const d = db();
    rememberSessionTracks(d, 's1', session('u1', [['c1', 't1'], ['c2', 't2']]));
    expect(rememberedTrack(d, 's1', 'u1', 'c2')).toBe('t2');
    expect(rememberedTrack(d, 's1', 'u2', 'c2')).toBeNull();
    expect(rememberedTrack(d, 's1', 'u1', 'c3')).toBeNull();
    expect(rememberedTrack(d, 's2', 'u1', 'c1')).toBeNull();
  });

  it('keeps each database apart', () => {
    const a = db();
    rememberSessionTracks(a, 's1', session('u1', [['c1', 't1']]));
    expect(rememberedTrack(db(), 's1', 'u1', 'c1')).toBeNull();
  });

  it('forgets the longest unused session first once full', () => {
    const d = db();
    for (let i = 0; i < MAX_SESSIONS; i++) rememberSessionTracks(d, `s${i}`, session('u', [[`c${i}`, `t${i}`]]));
    expect(rememberedTrack(d, 's0', 'u', 'c0')).toBe('t0'); // used: s1 is now the longest unused
    rememberSessionTracks(d, 'new', session('u', [['cn', 'tn']]));
    expect(rememberedTrack(d, 's1', 'u', 'c1')).toBeNull();
    expect(rememberedTrack(d, 's0', 'u', 'c0')).toBe('t0');
    expect(rememberedTrack(d, 'new', 'u', 'cn')).toBe('tn');
  });
});
