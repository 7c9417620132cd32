/**
 * Fixtures of the authorization matrix and the fuzz test: users of each kind, and the resources
 * users own (checkout sessions, vote sessions, tracks, listings, orders in each state), all made
 * through the API or the shared fixtures, outside any probed request.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { VoteSessionView } from '../../common/contest/voting';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { packById, priceCents } from '../../functions/src/payments/packs';
import { addTrack, makeAdmin, openSession } from './contest-fixtures';
import { signUp, TEST_WEBHOOK_SECRET, type Harness } from './harness';
import { buy, listTrack, setCashTag, uploadProof, type User } from './order-fixtures';
import { distinctSong } from './submission-fixtures';

export type { User };

/**
 * A 2 s mp3 the submission endpoint accepts (decodable, at least 1 s), another recording at each
 * call, since the contest takes one entry per recording.
 */
export const submittableSong = (): Promise<Buffer> => distinctSong(2);

let names = 0;
/** A username no other fixture uses (3 to 20 characters). */
export const uniqueName = (prefix: string): string => `${prefix}${(names++).toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 20);

export type World = ReturnType<typeof world>;

export function world(h: Harness) {
  const newUser = async (prefix = 'u'): Promise<User> => {
    const { uid, token } = await signUp(h, uniqueName(prefix));
    return { uid, token };
  };
  const newAdmin = async (role: 'admin' | 'super_admin'): Promise<User> => {
    const u = await newUser(role === 'admin' ? 'adm' : 'sup');
    await makeAdmin(h.db, u.uid, role);
    return u;
  };

  /** A checkout session of `owner` (local payments); its id. */
  const checkout = async (owner: User, packageId = 'starter'): Promise<string> => {
    const res = await h.call('POST', '/api/payments/checkout', { token: owner.token, body: { packageId } });
    if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.url as string).split('/').pop()!;
  };

  /** The signed webhook delivery Stripe would send for a paid checkout session. */
  const paidEvent = (sessionId: string, uid: string, packId = 'starter') => {
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: priceCents(packById(packId)!),
          currency: 'usd',
          client_reference_id: uid,
          metadata: { user_id: uid, pack_id: packId, tokens: String(packById(packId)!.tokens) },
        },
      },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }) };
  };

  /** `owner`'s open vote session (the world holds approved contest tracks by someone else). */
  const voteSession = async (owner: User): Promise<VoteSessionView> => {
    const res = await openSession(h, owner.token);
    if (!res.body.session) throw new Error(`vote session: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.session;
  };

  const pendingTrack = (owner: User): Promise<TrackDoc> => addTrack(h, { status: 'pending', submitted_by: owner.uid });
  /** An approved marketplace track of `owner`, not listed yet. */
  const marketTrack = (owner: User): Promise<TrackDoc> => addTrack(h, { submission_type: 'marketplace', submitted_by: owner.uid });
  /** An active listing of a track of `seller` (tokens and Cash App accepted). */
  const listing = async (seller: User): Promise<{ id: string; track: TrackDoc }> => {
    await setCashTag(h, seller, '$Seller1');
    const { listing: l, track } = await listTrack(h, seller, { accept_cash_app: true });
    return { id: l.id, track };
  };

  const order = async (seller: User, buyer: User, method: 'TOKENS' | 'CASH_APP'): Promise<string> => {
    const { id } = await listing(seller);
    const res = await buy(h, buyer, id, method);
    if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.order.id as string;
  };
  /** A licence (an APPROVED token order) of `buyer` from a fresh seller. */
  const licence = async (buyer: User) => order(await newUser('sel'), buyer, 'TOKENS');
  /** A Cash App order AWAITING_SELLER between `seller` and `buyer`. */
  const cashOrder = (seller: User, buyer: User) => order(seller, buyer, 'CASH_APP');
  /** A Cash App order of `buyer` UNDER_REVIEW, with its payment proof. */
  const provenOrder = async (buyer: User): Promise<string> => {
    const id = await cashOrder(await newUser('sel'), buyer);
    const res = await uploadProof(h, buyer, id);
    if (res.status !== 200) throw new Error(`proof: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  };

  /**
   * An unresolved migration claim of `owner` (its transfer may have gone through: the chain's
   * confirmation timed out), written as claim.ts leaves it; the migration_log entry's id.
   */
  const unresolvedClaim = async (owner: User): Promise<string> => {
    const at = new Date(h.clock.now).toISOString();
    const ref = h.db.collection('migration_log').doc(`${owner.uid}_matrix`);
    await ref.set({
      user_id: owner.uid,
      run_id: 'matrix',
      snapshot_balance: 50,
      migrated_at: at,
      locked_until: null,
      solana_tx_hash: null,
      wallet_address: null,
      claim_pending: true,
      claim_unresolved: true,
      claim_attempted_at: at,
      transfer_error: 'Solana transaction not confirmed within 60 s',
    });
    return ref.id;
  };

  return { h, newUser, newAdmin, checkout, paidEvent, voteSession, pendingTrack, marketTrack, listing, licence, cashOrder, provenOrder, unresolvedClaim };
}

/** Approved contest tracks by nobody the tests sign up, so every new user can open a vote session. */
export async function contestTracks(h: Harness, count: number): Promise<TrackDoc[]> {
  const out: TrackDoc[] = [];
  for (let i = 0; i < count; i++) out.push(await addTrack(h, { song_type: (['human', 'ai', 'hybrid'] as const)[i % 3] }));
  return out;
}
