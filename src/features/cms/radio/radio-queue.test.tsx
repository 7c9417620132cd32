import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RadioSubmissionRxDoc } from '@common/radio/radio';
import { followAccount } from '@/data/account-feed';
import { radioSubmissionSchema } from '@/data/schemas';
import { useSession } from '@/lib/session';
import { RadioQueue } from './radio-queue';

/**
 * The Radio Queue over the real data layer (RxDB on IndexedDB, its replication, the account
 * feed's stream): only the network is a stand-in, answering as the API does.
 */
const ADMIN = 'admin-1';
const ARTIST = 'artist-1';

type Doc = RadioSubmissionRxDoc & { _deleted: boolean };
const server = new Map<string, Doc[]>();
const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
const encoder = new TextEncoder();
/** Sends one Server-Sent Event on every open stream. */
const sendEvent = (event: unknown) => streams.forEach((c) => c.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)));

const submission = (id: string, title: string, updatedAt: number, userId = ARTIST): Doc => ({
  id,
  user_id: userId,
  track_id: `track-${id}`,
  submission_type: 'music',
  status: 'pending',
  payment_status: 'paid',
  payment_amount: 0,
  ad_audio_url: null,
  ad_tier: null,
  ad_duration_seconds: null,
  sftp_uploaded: false,
  sftp_upload_error: null,
  sftp_path: null,
  scheduled_broadcast_time: null,
  created_at: new Date(updatedAt).toISOString(),
  track_title: title,
  track_artist: 'Aria',
  updatedAt,
  _deleted: false,
});

/** GET /api/sync/:collection/pull: the documents after the checkpoint, in change order. */
function pull(url: URL): Response {
  const name = /\/api\/sync\/(\w+)\/pull$/.exec(url.pathname)![1]!;
  const at = Number(url.searchParams.get('updatedAt') ?? -1);
  const id = url.searchParams.get('id') ?? '';
  const after = (server.get(name) ?? []).filter((d) => d.updatedAt > at || (d.updatedAt === at && d.id > id));
  const page = after.slice(0, Number(url.searchParams.get('limit')));
  const last = page.at(-1);
  return Response.json({ documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updatedAt } : null });
}

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://app.test');
  if (url.pathname === '/api/sync/stream') {
    // Every connection opens with RESYNC, as the API's does.
    const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
    queueMicrotask(() => sendEvent({ resync: true }));
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  }
  if (url.pathname.startsWith('/api/sync/')) return Promise.resolve(pull(url));
  if (url.pathname === '/api/cms/radio/station') return Promise.resolve(Response.json({ upload: false }));
  return Promise.resolve(Response.json({ error: { message: 'Not found' } }, { status: 404 }));
}

beforeAll(() => {
  // setup.ts unstubs globals after each test: this file's network stays for all of them.
  globalThis.fetch = fakeFetch as typeof fetch;
});
afterAll(() => followAccount(null));

describe('the Radio Queue tab', () => {
  it("shows the queue within seconds on a device whose RxDB last held another user's documents, and a quick send at once", async () => {
    // An earlier visit: the artist's own submission on this device, and the artist as its owner
    // (their session ended without Sign Out, which would have emptied it).
    const earlier = await createRxDatabase({ name: 'foolrate', storage: getRxStorageDexie(), multiInstance: false });
    await (await earlier.addCollections({ radio_submissions: { schema: radioSubmissionSchema } })).radio_submissions.insert({ ...submission('old', 'Artist Only', 1) });
    await earlier.close();
    localStorage.setItem('foolrate:contest-owner', ARTIST);

    // The admin signs in; the queue holds two submissions on the server.
    server.set('radio_submissions', [submission('s1', 'Neon Rain', 10), submission('s2', 'Glass Hours', 20)]);
    useSession.setState({ user: { uid: ADMIN } as User, ready: true });
    followAccount(ADMIN);

    render(<RadioQueue />);
    const queue = screen.getByRole('region', { name: 'Radio Queue' });
    const rowOf = (title: string) => within(queue).findByRole('row', { name: new RegExp(title) });
    expect(await rowOf('Neon Rain')).toHaveTextContent('pending');
    expect(await rowOf('Glass Hours')).toBeInTheDocument();
    // The device's copy is the admin's now: nothing of the artist's earlier visit.
    expect(within(queue).queryByRole('row', { name: /Artist Only/ })).not.toBeInTheDocument();

    // A quick send (the admin's 'Send to Radio'): the stream brings it to the open queue.
    const sent = submission('s3', 'Fresh Send', 30, ADMIN);
    server.get('radio_submissions')!.push(sent);
    sendEvent({ collection: 'radio_submissions', documents: [sent], checkpoint: { id: 's3', updatedAt: 30 } });
    expect(await rowOf('Fresh Send')).toHaveTextContent('pending');
    expect(within(queue).getByRole('tab', { name: 'Music Queue (3)' })).toBeInTheDocument();
  });
});
