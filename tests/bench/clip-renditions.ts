/**
 * What per-session clip renditions add to a session open (voting/clip-rendition.ts): the page
 * fetches a new session's 10 clips right away, and each GET renders that session's copy. The
 * bench's tracks carry a 1 s test clip, so they get real ones first: 45 s cuts of rendered music,
 * as a submission cuts them, 10 different ones (each needs its own sign map), all 10 in the
 * first measured session. Prints figures; asserts nothing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Firestore } from 'firebase-admin/firestore';
import type { VoteSessionView } from '../../common/contest/voting';
import { cutClip } from '../../functions/src/platform/media/media';
import type { ObjectStorage } from '../../functions/src/platform/storage/storage';
import { forgetSignMaps, renderClip, renditionSeed } from '../../functions/src/voting/clip-rendition';
import type { VoteSessionDoc } from '../../functions/src/voting/session-doc';
import { ensureRadioDemoMp3 } from '../../scripts/lib/media';

type Setup = { db: Firestore; storage: ObjectStorage; ffmpegPath: string; base: string; newSession: (tag: string) => Promise<VoteSessionView> };
/** Warm session opens measured (the figure printed is their median). */
const WARM_SESSIONS = 7;

/** CPU (the whole process) and wall time of `work`, in ms. */
async function timed(work: () => Promise<void>): Promise<{ cpu: number; wall: number }> {
  const [cpu0, t0] = [process.cpuUsage(), performance.now()];
  await work();
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureClipRenditions({ db, storage, ffmpegPath, base, newSession }: Setup): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-renditions-'));
  try {
    const music = await readFile(await ensureRadioDemoMp3(dir));
    const first = await newSession('rend_0');
    const stored = (await db.collection('vote_sessions').doc(first.id).get()).data() as VoteSessionDoc;
    const cuts = await Promise.all(stored.clip_paths.map((_, i) => cutClip(ffmpegPath, music, 'mp3', 4 * i)));
    const others = (await db.collection('clips').get()).docs.map((d) => d.get('path') as string).filter((p) => !stored.clip_paths.includes(p));
    for (const [i, path] of [...stored.clip_paths, ...new Set(others)].entries()) await storage.put(path, cuts[i % cuts.length]!, 'audio/mpeg');

    /** The renditions of a session's clips, one after another, as its GETs make them (storage reads not counted: they were there before). */
    const renderAll = async (session: VoteSessionView) => {
      const doc = (await db.collection('vote_sessions').doc(session.id).get()).data() as VoteSessionDoc;
      const clips = await Promise.all(doc.clip_paths.map(async (p) => (await storage.get(p))!.data));
      return timed(async () => {
        for (const [i, clip] of clips.entries()) if (!renderClip(clip, renditionSeed(doc, doc.clips[i]!.clip_id))) throw new Error('clip not rendered');
      });
    };
    forgetSignMaps(); // an instance that has not served these clips yet
    const cold = await renderAll(first);
    for (const cut of cuts) renderClip(cut, Buffer.alloc(16)); // every clip a later session may get has its map
    const warm: Array<{ cpu: number; wall: number }> = [];
    for (let i = 1; i <= WARM_SESSIONS; i++) warm.push(await renderAll(await newSession(`rend_${i}`)));
    const n = stored.clip_paths.length;
    console.log(
      `\nclip renditions: ${median(warm.map((w) => w.cpu)).toFixed(1)} ms CPU and ${median(warm.map((w) => w.wall)).toFixed(1)} ms wall per session open (${n} clips, their sign maps cached on the instance; median of ${WARM_SESSIONS} sessions)`,
    );
    console.log(`  the first session to play these ${n} clips on an instance (sign maps made): ${cold.cpu.toFixed(0)} ms CPU and ${cold.wall.toFixed(0)} ms wall`);

    // In context: a new session's clips fetched through the API all at once, as the page caches them.
    forgetSignMaps();
    const fetchAll = (s: VoteSessionView) =>
      timed(async () => {
        await Promise.all(s.clips.map(async (c) => (await fetch(`${base}${c.clip_url.replace(/^\/api/, '')}`)).arrayBuffer()));
      });
    const fetchedCold = await fetchAll(await newSession('rend_fetch_cold'));
    const fetchedWarm = await fetchAll(await newSession('rend_fetch_warm'));
    console.log(
      `  a new session's ${n} clips fetched in parallel through the API: ${fetchedWarm.wall.toFixed(0)} ms wall (${fetchedCold.wall.toFixed(0)} ms on an instance making their sign maps)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
