/**
 * The fuzz test's data, made the way the product makes it: songs submitted through the API
 * (so every track has its original, clip and preview files, with durations that match), approved
 * and listed through the CMS, orders in each state, checkouts, vote sessions, coupons and an
 * unresolved migration claim.
 */
import type { VoteSessionView } from '../../common/contest/voting';
import { world, type User } from './authz-world';
import type { Harness } from './harness';
import { grant, setCashTag, uploadProof } from './order-fixtures';
import type { Caller, Pools } from './fuzz-routes';
import { approve, list, submitSong, taggedSong } from './submission-fixtures';

export type FuzzWorld = { pools: Pools; tokens: Record<Exclude<Caller, 'none' | 'stranger'>, string> };

async function must(res: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function fuzzWorld(h: Harness): Promise<FuzzWorld> {
  const w = world(h);
  const [alice, bob, admin, superAdmin] = await Promise.all([w.newUser('alice'), w.newUser('bob'), w.newAdmin('admin'), w.newAdmin('super_admin')]);
  await grant(h, alice.uid, 100_000);
  await grant(h, bob.uid, 100_000);

  // A recording per contest entry (the contest takes one entry per recording).
  const [song, song2, song3] = await Promise.all([taggedSong(50, 440), taggedSong(50, 494), taggedSong(50, 523)]);
  const both = { title: 'Fuzz Song', songType: 'ai', submissionRoutes: '["contest","marketplace"]' };
  const bobTracks = [...(await submitSong(h, bob, both, song)), ...(await submitSong(h, bob, { ...both, songType: 'hybrid' }, song2))];
  const aliceTracks = await submitSong(h, alice, { title: 'Pending', songType: 'human', submissionRoutes: '["contest"]' }, song3);
  await approve(h, admin, ...bobTracks);
  const market = bobTracks.filter((t) => t.submission_type === 'marketplace');
  await must(setCashTag(h, bob, '$BobSells'), 'cash tag');
  const listings: string[] = [];
  for (const t of market) {
    const l = await list(h, admin, t);
    await must(h.call('POST', `/api/marketplace/listings/${l.id}`, { token: admin.token, body: { accept_cash_app: true } }), 'listing');
    listings.push(l.id);
  }

  const order = async (buyer: User, listing: string, method: 'TOKENS' | 'CASH_APP') =>
    (await must(h.call('POST', '/api/orders', { token: buyer.token, body: { listing_id: listing, method } }), 'order')).order.id as string;
  const licence = await order(alice, listings[0]!, 'TOKENS');
  const awaiting = await order(alice, listings[1]!, 'CASH_APP');
  const reviewed = await order(admin, listings[1]!, 'CASH_APP');
  await must(uploadProof(h, admin, reviewed), 'proof');
  const superOrder = await order(superAdmin, listings[0]!, 'CASH_APP');

  const checkouts = [await w.checkout(alice), await w.checkout(bob, 'pro')];
  const claim = await w.unresolvedClaim(bob);
  const sessions: VoteSessionView[] = [await w.voteSession(alice), await w.voteSession(admin)];

  await h.db.collection('coupons').doc('FUZZ5').set({ code: 'FUZZ5', tokens: 5, max_redemptions: null, expires_at: null, redemptions: 0 });
  await h.db.collection('coupons').doc('OLD').set({ code: 'OLD', tokens: 5, max_redemptions: null, expires_at: '2020-01-01T00:00:00.000Z', redemptions: 0 });
  await h.db.collection('coupons').doc('FULL').set({ code: 'FULL', tokens: 5, max_redemptions: 0, expires_at: null, redemptions: 0 });

  const tracks = [...bobTracks, ...aliceTracks];
  const clipPaths = await Promise.all(tracks.map(async (t) => (await h.db.collection('clips').doc(t.clip_id).get()).get('path') as string));
  const proofPath = (await h.db.collection('orders').doc(reviewed).get()).get('proof_path') as string;
  const stored = [...tracks.flatMap((t) => [t.audio_path, t.preview_path ?? null]), ...clipPaths, proofPath].filter((p): p is string => Boolean(p));
  const users = [alice, bob, admin, superAdmin];
  const usernames = await Promise.all(users.map(async (u) => (await h.db.collection('profiles').doc(u.uid).get()).get('username') as string));

  return {
    tokens: { alice: alice.token, bob: bob.token, admin: admin.token, super: superAdmin.token, ghost: 'test:ghost_without_profile' },
    pools: {
      uids: [...users.map((u) => u.uid), 'nobody_at_all'],
      usernames: [...usernames, 'nobody_at_all'],
      trackIds: tracks.map((t) => t.id),
      listingIds: listings,
      orderIds: [licence, awaiting, reviewed, superOrder],
      checkoutIds: checkouts,
      paymentIntents: await Promise.all(checkouts.map(async (id) => (await h.db.collection('checkout_sessions').doc(id).get()).get('payment_intent') as string)),
      voteSessionIds: sessions.map((s) => s.id),
      clipHandles: sessions.flatMap((s) => s.clips.map((c) => c.clip_id)),
      clipPaths: sessions.flatMap((s) => s.clips.map((c) => c.clip_url)),
      signedUrls: stored.map((p) => h.deps.storage.signedUrlSync(p, 7 * 86_400)),
      coupons: ['FUZZ5', 'OLD', 'FULL', 'fuzz5', 'NOPE'],
      claimIds: [claim, `${bob.uid}_no_such_run`],
    },
  };
}
