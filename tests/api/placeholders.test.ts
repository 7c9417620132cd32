import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localVariantName } from '../../common/contest/covers';
import { PLACEHOLDER_FILES, PLACEHOLDER_MSG, storedCoverUrl } from '../../common/cms/placeholders';
import { addTrack, makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

let h: Harness;
let admin: { uid: string; token: string };
let plain: { uid: string; token: string };

/** Uploads one placeholder the way the page does: a multipart form with the image. */
async function upload(filename: string, data: Buffer, token = admin.token) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), filename);
  const res = await fetch(h.url(`/api/cms/placeholders/${filename}`), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const jpeg = (name: string) => readFile(`public/placeholders/${name}`);
const coverOf = async (id: string) => {
  const [t, s] = await Promise.all([h.db.collection('tracks').doc(id).get(), h.db.collection('track_stats').doc(id).get()]);
  return [t.get('cover_art_url'), s.get('cover_art_url')];
};

beforeAll(async () => {
  h = await startHarness();
  admin = await signUp(h, 'ph_admin');
  plain = await signUp(h, 'ph_plain');
  await makeAdmin(h.db, admin.uid);
});
afterAll(() => h.close());

describe('the placeholder covers utility', () => {
  it('refuses non-admins (403), a file that is not a JPEG (400) and a name that is not a placeholder (400)', async () => {
    expect((await upload('cover-01.jpg', await jpeg('cover-01.jpg'), plain.token)).status).toBe(403);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notJpeg = await upload('cover-01.jpg', png);
    expect(notJpeg).toEqual({ status: 400, body: { error: expect.objectContaining({ message: `image: ${PLACEHOLDER_MSG.notJpeg}` }) } });
    expect((await upload('cover-99.jpg', await jpeg('cover-01.jpg'))).status).toBe(400);
    // A JPEG's first bytes with no picture behind them (it would break the public cover URLs).
    const notAPicture = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from('not a picture at all')]);
    expect(await upload('cover-01.jpg', notAPicture)).toEqual({ status: 400, body: { error: expect.objectContaining({ message: `image: ${PLACEHOLDER_MSG.unreadable}` }) } });
    expect((await h.call('POST', '/api/cms/placeholders/migrate-tracks', { token: plain.token, body: {} })).status).toBe(403);
    expect((await h.call('GET', '/api/cms/placeholders', { token: admin.token })).body.covers.every((c: any) => c.stored_url === null)).toBe(true);
  });

  it('stores all 26 as image/jpeg, serves them to anyone, then points the tracks with local covers at them; a second run changes nothing', async () => {
    const local = await addTrack(h, { cover_art_url: '/placeholders/cover-03.jpg' });
    const other = await addTrack(h, { cover_art_url: '/placeholders/cover-26.jpg' });
    const none = await addTrack(h, { cover_art_url: null });
    for (const name of PLACEHOLDER_FILES) expect((await upload(name, await jpeg(name))).body).toEqual({ filename: name, url: storedCoverUrl(name) });
    const served = await fetch(h.url('/api/files/placeholders/cover-03.jpg'));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await jpeg('cover-03.jpg'));
    const listed = (await h.call('GET', '/api/cms/placeholders', { token: admin.token })).body.covers;
    expect(listed).toHaveLength(26);
    expect(listed[2]).toEqual({ filename: 'cover-03.jpg', local_url: '/placeholders/cover-03.jpg', stored_url: '/api/files/placeholders/cover-03.jpg' });

    const first = await h.call('POST', '/api/cms/placeholders/migrate-tracks', { token: admin.token, body: {} });
    expect(first.body).toEqual({ updated: 2 });
    expect(await coverOf(local.id)).toEqual([storedCoverUrl('cover-03.jpg'), storedCoverUrl('cover-03.jpg')]);
    expect(await coverOf(other.id)).toEqual([storedCoverUrl('cover-26.jpg'), storedCoverUrl('cover-26.jpg')]);
    expect((await h.db.collection('tracks').doc(none.id).get()).get('cover_art_url')).toBeNull();

    const dump = async () => (await h.db.collection('tracks').get()).docs.map((d) => JSON.stringify(d.data())).sort();
    const before = await dump();
    for (const name of PLACEHOLDER_FILES) expect((await upload(name, await jpeg(name))).status).toBe(200);
    expect((await h.call('POST', '/api/cms/placeholders/migrate-tracks', { token: admin.token, body: {} })).body).toEqual({ updated: 0 });
    expect(await dump()).toEqual(before);
  });

  it('two runs at once move each track once, and together count each once', async () => {
    const tracks = await Promise.all(Array.from({ length: 6 }, (_, i) => addTrack(h, { cover_art_url: `/placeholders/cover-0${i + 1}.jpg` })));
    const runs = await Promise.all([1, 2].map(() => h.call('POST', '/api/cms/placeholders/migrate-tracks', { token: admin.token, body: {} })));
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    expect(runs[0]!.body.updated + runs[1]!.body.updated).toBe(tracks.length);
    for (const [i, t] of tracks.entries()) expect((await coverOf(t.id))[0]).toBe(storedCoverUrl(`cover-0${i + 1}.jpg`));
  });

  it('moderation then assigns stored covers: chosen, or at random', async () => {
    const chosen = await addTrack(h, { status: 'pending' });
    const res = await h.call('POST', `/api/cms/tracks/${chosen.id}/approve`, { token: admin.token, body: { cover_art_url: storedCoverUrl('cover-07.jpg') } });
    expect(res.status).toBe(200);
    expect(res.body.track.cover_art_url).toBe(storedCoverUrl('cover-07.jpg'));
    const random = await addTrack(h, { status: 'pending' });
    const approved = await h.call('POST', `/api/cms/tracks/${random.id}/approve`, { token: admin.token, body: {} });
    expect(approved.body.track.cover_art_url).toMatch(/^\/api\/files\/placeholders\/cover-\d\d\.jpg$/);
  });

  it('serves a stored cover as WebP at a known width (?w=), the same bytes as the committed local variant; a new upload gets a new variant', async () => {
    const variant = async (filename: string, w: string) => {
      const res = await fetch(h.url(`/api/files/placeholders/${filename}?w=${w}`));
      return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
    };
    const small = await variant('cover-03.jpg', '96');
    expect(small.status).toBe(200);
    expect(small.type).toBe('image/webp');
    expect(small.data).toEqual(await readFile(`public/placeholders/${localVariantName('cover-03.jpg', 96)}`));
    expect((await variant('cover-03.jpg', '512')).data).toEqual(await readFile(`public/placeholders/${localVariantName('cover-03.jpg', 512)}`));

    for (const bad of ['100', 'abc', '']) expect((await variant('cover-03.jpg', bad)).status).toBe(400);
    expect((await variant('cover-99.jpg', '96')).status).toBe(404);

    expect((await upload('cover-03.jpg', await jpeg('cover-04.jpg'))).status).toBe(200);
    expect((await variant('cover-03.jpg', '96')).data).toEqual(await readFile(`public/placeholders/${localVariantName('cover-04.jpg', 96)}`));
  });

  it('a stored cover that does not decode (stored before uploads were checked) has no WebP variant: 404, never a 500; the file itself is still served', async () => {
    const broken = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from('stored before the check')]);
    await h.deps.storage.put('placeholders/cover-05.jpg', broken, 'image/jpeg');
    for (const w of ['96', '512']) {
      const res = await fetch(h.url(`/api/files/placeholders/cover-05.jpg?w=${w}`));
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: { error: expect.objectContaining({ message: 'File not found' }) } });
    }
    const original = await fetch(h.url('/api/files/placeholders/cover-05.jpg'));
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(broken);
  });
});
