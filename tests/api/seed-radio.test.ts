import { afterAll, beforeAll, expect, it } from 'vitest';
import { RADIO_STATUSES } from '../../common/radio/radio';
import { seedRadio } from '../../scripts/lib/seed/seed-radio';
import { makeAdmin } from './contest-fixtures';
import { startHarness, type Harness } from './harness';
import { users } from './order-fixtures';
import { trackWithAudio } from './radio-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('seeds music and ads in every status, some uploaded (on the station), one failed upload; a second run adds nothing', async () => {
  const [sup, , artist] = await users(h, 'superadmin', 'listener', 'artist');
  await makeAdmin(h.db, sup.uid, 'super_admin');
  for (let i = 0; i < 8; i++) await trackWithAudio(h, artist);
  const said: string[] = [];
  await seedRadio(h.deps, (m) => said.push(m));
  const docs = (await h.db.collection('radio_submissions').get()).docs.map((d) => d.data());
  expect(new Set(docs.map((d) => d.status))).toEqual(new Set(RADIO_STATUSES));
  expect(docs.filter((d) => d.submission_type === 'advertisement').map((d) => d.ad_duration_seconds).sort()).toEqual([15, 30, 30]);
  expect(docs.some((d) => d.sftp_uploaded)).toBe(true);
  expect(docs.filter((d) => d.sftp_upload_error && d.status === 'approved')).toHaveLength(1);
  for (const d of docs.filter((d) => d.status === 'scheduled')) expect(Date.parse(d.scheduled_broadcast_time)).toBeGreaterThan(h.clock.now);
  for (const d of docs.filter((d) => d.ad_audio_url)) expect(await h.deps.storage.exists(d.ad_audio_url)).toBe(true);
  // What the seed calls uploaded is on the station, so it can really air.
  expect([...h.station.uploads.keys()].sort()).toEqual(docs.filter((d) => d.sftp_uploaded).map((d) => d.sftp_path).sort());
  expect(said).toEqual(['Seeded the radio queue: 7 music submissions and 3 ads']);
  await seedRadio(h.deps, (m) => said.push(m));
  expect((await h.db.collection('radio_submissions').get()).size).toBe(docs.length);
});
