import { readFile } from 'node:fs/promises';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnresolvedClaim } from '../../common/migration/migration';
import { MIGRATION_MSG } from '../../common/migration/migration-messages';
import type { CmsAuditEntry } from '../../common/accounts/users-messages';
import { InvalidWalletError, TransferNotMadeError, type ChainTransfer } from '../../functions/src/platform/chain/chain';
import { LocalChain, localTxHash } from '../../functions/src/platform/chain/local-chain';
import { FORMERLY_FROZEN } from '../../functions/src/migration/migrate-users';
import { callWithDeps, ledgerInvariant, losingCommitAnswers, signUp, startHarness, withOverrides, type Harness } from './harness';
import { solanaWallet as w } from './wallets';

/**
 * The token migration on one database: the seeded users go through a forced run that fails
 * half-way (a transfer refused by the chain) and resumes; then a second run changes nothing.
 */
let h: Harness;
type Who = { uid: string; token: string };
let boss: Who;
let mod: Who;
const users: Who[] = [];
let localChain: LocalChain;
const sent: ChainTransfer[] = [];

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

const run = (body: unknown = {}, who = boss) => h.call('POST', '/api/cms/migration/run', { token: who.token, body });
const statusOf = async (uid: string) => (await h.db.collection('profiles').doc(uid).get()).get('migration_status') as string;
const dump = async (...cols: string[]) =>
  (await Promise.all(cols.map((c) => h.db.collection(c).get()))).flatMap((s) => s.docs.map((d) => `${d.ref.path} ${JSON.stringify(d.data())}`)).sort();

beforeAll(async () => {
  h = await startHarness();
  boss = await signUp(h, 'mig_boss');
  mod = await signUp(h, 'mig_mod');
  await setRoles(boss.uid, ['user', 'super_admin']);
  await setRoles(mod.uid, ['user', 'admin']);
  for (let i = 0; i < 30; i++) users.push(await signUp(h, `mig_user_${String(i).padStart(2, '0')}`));
  // Different balances: some spent, some granted, a few with wallets.
  for (const [i, u] of users.entries()) {
    if (i % 3 === 0) await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: u.uid, delta: i + 1 } });
    if (i % 4 === 0) await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: u.uid, delta: -(i % 7) - 1 } });
    if (i % 2 === 0) expect((await h.call('POST', '/api/accounts/wallet', { token: u.token, body: { wallet_address: w(`Wallet${i}`) } })).status).toBe(200);
  }
  localChain = h.deps.chain as LocalChain;
  h.deps.chain = { name: 'local', transfer: async (t) => (sent.push(t), localChain.transfer(t)) };
});
afterAll(() => h.close());

describe('the token migration', () => {
  it('refuses admins and plain users (403) and, below the threshold, a run without force (409)', async () => {
    expect((await run({}, mod)).status).toBe(403);
    expect((await run({}, mod)).body.error.message).toBe(MIGRATION_MSG.onlySuperAdmins);
    expect((await h.call('GET', '/api/cms/migration', { token: mod.token })).status).toBe(403);
    expect((await h.call('POST', '/api/cms/migration/settings', { token: mod.token, body: { lock_days: 1 } })).status).toBe(403);
    const before = await dump('profiles', 'token_ledger', 'migration_log');
    const res = await run({});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MIGRATION_MSG.thresholdNotReached(32, 100_000));
    expect(await dump('profiles', 'token_ledger', 'migration_log')).toEqual(before);
  });

  it('validates the lock period and saves it', async () => {
    expect((await h.call('POST', '/api/cms/migration/settings', { token: boss.token, body: { lock_days: -1 } })).status).toBe(400);
    expect((await h.call('POST', '/api/cms/migration/settings', { token: boss.token, body: { lock_days: 1.5 } })).status).toBe(400);
    expect((await h.call('POST', '/api/cms/migration/settings', { token: boss.token, body: { lock_days: 90 } })).body).toEqual({ lock_days: 90 });
    expect((await h.call('GET', '/api/cms/migration', { token: boss.token })).body).toMatchObject({ lock_days: 90, user_count: 32, threshold_reached: false, migrated: 0 });
  });

  it('freezes balances while migrating: spends are refused with a clear message; a transfer that moved nothing resumes', async () => {
    let calls = 0;
    h.deps.chain = {
      name: 'local',
      transfer: async (t) => {
        if (++calls === 3) throw new TransferNotMadeError('RPC unreachable: getLatestBlockhash');
        sent.push(t);
        return localChain.transfer(t);
      },
    };
    const failed = await run({ force: true });
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toBe(MIGRATION_MSG.transferFailed);
    const stuck = (await h.db.collection('profiles').where('migration_status', '==', 'migrating').get()).docs.map((d) => d.id);
    expect(stuck.length).toBeGreaterThan(0);
    const victim = stuck[0]!;
    const spend = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: victim, delta: -1 } });
    expect(spend.status).toBe(409);
    expect(spend.body.error.message).toBe(MIGRATION_MSG.balanceFrozen);
    // The panel calls again: the run resumes with the stuck users, then the rest.
    h.deps.chain = { name: 'local', transfer: async (t) => (sent.push(t), localChain.transfer(t)) };
    let res = await run({});
    for (let i = 0; i < 10 && res.body.run?.state !== 'done'; i++) res = await run({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ migration_enabled: true, migrated: 32, migrating: 0, pending: 0, run: { state: 'done', forced: true } });
  });

  it('snapshots every balance as its ledger sum, logs each user once with hash and lock date, and unfreezes', async () => {
    const [logs, invariant, snaps] = await Promise.all([
      h.db.collection('migration_log').get(),
      ledgerInvariant(h.db),
      h.db.collection('token_ledger').where('reason', '==', 'migration_snapshot').get(),
    ]);
    expect(invariant.filter((r) => r.balance !== r.sum)).toEqual([]);
    expect(logs.size).toBe(32);
    expect(snaps.size).toBe(32);
    const sums = new Map(invariant.map((r) => [r.user, r.sum]));
    const runId = logs.docs[0]!.get('run_id') as string;
    for (const entry of logs.docs) {
      const uid = entry.get('user_id') as string;
      expect(entry.get('snapshot_balance')).toBe(sums.get(uid));
      expect(entry.get('locked_until')).toBe(new Date(h.clock.now + 90 * 86_400_000).toISOString());
      expect(entry.get('migrated_at')).toBe(new Date(h.clock.now).toISOString());
      expect(await statusOf(uid)).toBe('migrated');
      const wallet = (await h.db.collection('profiles').doc(uid).get()).get('wallet_address') as string | null;
      if (wallet) {
        expect(entry.get('solana_tx_hash')).toBe(localTxHash({ userId: uid, wallet, amount: sums.get(uid)!, runId }));
        expect(entry.get('claim_pending')).toBe(false);
      } else {
        expect(entry.get('solana_tx_hash')).toBeNull();
        expect(entry.get('claim_pending')).toBe(true);
      }
    }
    // Each wallet got its snapshot once, even though the run was interrupted.
    expect(new Set(sent.map((t) => t.userId)).size).toBe(sent.length);
    const lines = (await readFile(localChain.file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(sent.length);
    // Migrated users spend again.
    const spend = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: users[1]!.uid, delta: -1 } });
    expect(spend.status).toBe(200);
    const audit = await h.db.collection('audit_log').where('action', '==', 'migration.run').get();
    expect(audit.docs.map((d) => d.get('after').state).sort()).toEqual(['done', 'running']);
  });

  it('a second run changes nothing', async () => {
    const before = await dump('profiles', 'token_ledger', 'token_balances', 'migration_log', 'migration_runs', 'migration_config', 'audit_log');
    const sentBefore = sent.length;
    const res = await run({ force: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ migration_enabled: true, migrated: 32, run: { state: 'done' } });
    expect(await dump('profiles', 'token_ledger', 'token_balances', 'migration_log', 'migration_runs', 'migration_config', 'audit_log')).toEqual(before);
    expect(sent.length).toBe(sentBefore);
  });

  it("shows a user their latest entry, and sends a walletless user's snapshot when they save a wallet", async () => {
    const walletless = users[1]!;
    const before = (await h.call('GET', '/api/migration/me', { token: walletless.token })).body.data;
    expect(before).toMatchObject({ solana_tx_hash: null, wallet_address: null, claim_pending: true });
    const saved = await h.call('POST', '/api/accounts/wallet', { token: walletless.token, body: { wallet_address: w('ClaimWallet1') } });
    expect(saved.body).toEqual({ wallet_address: w('ClaimWallet1'), claim: 'sent' });
    const after = (await h.call('GET', '/api/migration/me', { token: walletless.token })).body.data;
    expect(after).toMatchObject({ snapshot_balance: before.snapshot_balance, wallet_address: w('ClaimWallet1'), claim_pending: false });
    expect(after.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.at(-1)).toMatchObject({ userId: walletless.uid, wallet: w('ClaimWallet1'), amount: before.snapshot_balance });
    const withWallet = (await h.call('GET', '/api/migration/me', { token: users[0]!.token })).body.data;
    expect(withWallet).toMatchObject({ wallet_address: w('Wallet0'), claim_pending: false });
    expect(withWallet.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    const newcomer = await signUp(h, 'mig_newcomer');
    expect((await h.call('GET', '/api/migration/me', { token: newcomer.token })).body).toEqual({ data: null });
  });
});

const working: ChainTransfer[] = [];
const chainUp = { name: 'local', transfer: async (t: ChainTransfer) => (sent.push(t), working.push(t), localChain.transfer(t)) };
/** A chain that refuses with `err`: TransferNotMadeError when no token moved, another error when some may have. */
const chainFailing = (err: Error) => ({ name: 'local', transfer: () => Promise.reject(err) });
const me = async (who: Who) => (await h.call('GET', '/api/migration/me', { token: who.token })).body.data;
const saveWallet = (who: Who, wallet: string) => h.call('POST', '/api/accounts/wallet', { token: who.token, body: { wallet_address: wallet } });
const claim = (who: Who) => h.call('POST', '/api/migration/claim', { token: who.token, body: {} });
const transfersTo = (who: Who) => working.filter((t) => t.userId === who.uid);

describe('claiming a snapshot after the migration', () => {
  it('a transfer refused before anything moved leaves the wallet saved and the claim pending; sending it again works', async () => {
    const user = users[3]!;
    h.deps.chain = chainFailing(new TransferNotMadeError('RPC unreachable: getLatestBlockhash'));
    expect((await saveWallet(user, w('RetryWallet3'))).body).toEqual({ wallet_address: w('RetryWallet3'), claim: 'failed' });
    expect(await me(user)).toMatchObject({ claim_pending: true, claim_unresolved: false, solana_tx_hash: null });
    expect(await claim(user)).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.claimFailed } } });
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    const after = await me(user);
    expect(after).toMatchObject({ claim_pending: false, wallet_address: w('RetryWallet3') });
    expect(after.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(transfersTo(user)).toEqual([expect.objectContaining({ wallet: w('RetryWallet3'), amount: 54 })]);
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'none' } });
  });

  it('a transfer that may have gone through (its confirmation timed out) is never sent again', async () => {
    const user = users[11]!;
    h.deps.chain = chainFailing(new Error('Solana transaction 5xYz not confirmed within 60 s'));
    expect((await saveWallet(user, w('MaybeWallet11'))).body).toEqual({ wallet_address: w('MaybeWallet11'), claim: 'unresolved' });
    expect(await me(user)).toMatchObject({ claim_pending: true, claim_unresolved: true });
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimUnresolved } } });
    expect(transfersTo(user)).toEqual([]);
  });

  it('a wallet the chain cannot pay says so, and a claim without a saved wallet (something pending) or with a body is refused', async () => {
    const user = users[13]!;
    h.deps.chain = chainFailing(new InvalidWalletError('Not a Solana address: 0xdeadbeef'));
    expect((await saveWallet(user, w('ChainRefusedWallet'))).body).toEqual({ wallet_address: w('ChainRefusedWallet'), claim: 'invalid_wallet' });
    expect(await claim(user)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimInvalidWallet } } });
    h.deps.chain = chainUp;
    expect(await claim(users[5]!)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimNeedsWallet } } });
    // Nothing pending and no wallet: nothing to send, not a wallet to save.
    const newcomer = await signUp(h, 'mig_nosnap');
    expect(await claim(newcomer)).toMatchObject({ status: 200, body: { claim: 'none' } });
    const withBody = await h.call('POST', '/api/migration/claim', { token: users[5]!.token, body: { wallet_address: 'X1' } });
    expect(withBody.status).toBe(400);
    expect(await me(users[5]!)).toMatchObject({ claim_pending: true, wallet_address: null });
  });

  it('a wallet saved while the pending claims cannot be read: 200 with the wallet saved (500 before), and the claim sent later', async () => {
    const user = users[7]!;
    const logDown = withOverrides(h.db, {
      collection: (name: string) =>
        name === 'migration_log'
          ? withOverrides(h.db.collection(name), {
              where: () => {
                throw new Error('14 UNAVAILABLE: Firestore is unreachable');
              },
            })
          : h.db.collection(name),
    });
    const saved = await callWithDeps({ ...h.deps, db: logDown }, 'POST', '/api/accounts/wallet', { token: user.token, body: { wallet_address: w('LateWallet7') } });
    expect(saved).toMatchObject({ status: 200, body: { wallet_address: w('LateWallet7'), claim: 'failed' } });
    expect((await h.db.collection('profiles').doc(user.uid).get()).get('wallet_address')).toBe(w('LateWallet7'));
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    expect(await me(user)).toMatchObject({ claim_pending: false, wallet_address: w('LateWallet7') });
  });

  it('concurrent retries send a snapshot once; the others hear it is under way or sent', async () => {
    const user = users[9]!;
    h.deps.chain = chainFailing(new TransferNotMadeError('RPC unreachable'));
    expect((await saveWallet(user, w('RaceWallet9'))).body.claim).toBe('failed');
    h.deps.chain = chainUp;
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(user)));
    for (const r of results) {
      if (r.status === 409) expect(r.body.error.message).toBe(MIGRATION_MSG.claimBusy);
      else expect([r.status, ['sent', 'none']]).toEqual([200, expect.arrayContaining([r.body.claim])]);
    }
    expect(results.filter((r) => r.body.claim === 'sent').length).toBeGreaterThanOrEqual(1);
    expect(transfersTo(user)).toHaveLength(1);
    expect(await me(user)).toMatchObject({ claim_pending: false, wallet_address: w('RaceWallet9') });
  });
});

describe('settling unresolved claims', () => {
  const HASH = 'ab'.repeat(32);
  const TIMED_OUT = 'Solana transaction 5xYz not confirmed within 60 s';
  const list = (who = boss) => h.call('GET', '/api/cms/migration/claims', { token: who.token });
  const listedIds = async () => ((await list()).body.items as UnresolvedClaim[]).map((c) => c.id);
  const settle = (id: string, body: unknown, who = boss) =>
    h.call('POST', `/api/cms/migration/claims/${encodeURIComponent(id)}/settle`, { token: who.token, body });
  const entryOf = async (who: Who) => (await h.db.collection('migration_log').where('user_id', '==', who.uid).get()).docs[0]!;
  const minutesAgo = (m: number) => new Date(h.clock.now - m * 60_000).toISOString();
  const logs = () => dump('migration_log', 'audit_log');

  /** Saves a wallet while the chain's confirmation times out: the claim is flagged unresolved. Its entry id. */
  async function timedOut(who: Who, wallet: string): Promise<string> {
    h.deps.chain = chainFailing(new Error(TIMED_OUT));
    expect((await saveWallet(who, wallet)).body).toEqual({ wallet_address: wallet, claim: 'unresolved' });
    h.deps.chain = chainUp;
    return (await entryOf(who)).id;
  }

  /** A wallet saved and an attempt taken `minutes` ago that never reported (a crash, or one still under way), written directly. */
  async function attempted(who: Who, wallet: string, minutes: number): Promise<string> {
    await h.db.collection('profiles').doc(who.uid).update({ wallet_address: wallet });
    const entry = await entryOf(who);
    await entry.ref.update({ claim_attempted_at: minutesAgo(minutes) });
    return entry.id;
  }

  /** The settlements of `who`'s claims in the audit log, as the CMS reads it (every page). */
  async function settlements(who: Who): Promise<CmsAuditEntry[]> {
    const out: CmsAuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await h.call('GET', `/api/cms/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: boss.token });
      expect(page.status).toBe(200);
      out.push(...(page.body.items as CmsAuditEntry[]));
      cursor = page.body.next as string | null;
    } while (cursor);
    return out.filter((e) => e.action === 'migration.claim' && e.target?.id === who.uid);
  }

  // users[15]: its confirmation timed out; [17]: an attempt crashed 6 minutes ago; [19]: an attempt started a minute ago.
  let flaggedId = '';
  let crashedId = '';
  let inFlightId = '';

  it('lists the claims an attempt may have sent, oldest attempt first, with user, tokens and wallet; not those under way or sent', async () => {
    flaggedId = await timedOut(users[15]!, w('MaybeWallet15'));
    crashedId = await attempted(users[17]!, w('CrashWallet17'), 6);
    inFlightId = await attempted(users[19]!, w('BusyWallet19'), 1);
    expect((await saveWallet(users[21]!, w('SentWallet21'))).body.claim).toBe('sent');
    const sentId = (await entryOf(users[21]!)).id;
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(false);
    const items = res.body.items as UnresolvedClaim[];
    const ids = items.map((c) => c.id);
    expect(ids).not.toContain(inFlightId);
    expect(ids).not.toContain(sentId);
    expect(ids.indexOf(crashedId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(crashedId)).toBeLessThan(ids.indexOf(flaggedId));
    expect(items.find((c) => c.id === flaggedId)).toEqual({
      id: flaggedId,
      user_id: users[15]!.uid,
      username: 'mig_user_15',
      email: 'mig_user_15@example.test',
      wallet_address: w('MaybeWallet15'),
      snapshot_balance: 66,
      attempted_at: new Date(h.clock.now).toISOString(),
      transfer_error: TIMED_OUT,
    });
    expect(items.find((c) => c.id === crashedId)).toEqual({
      id: crashedId,
      user_id: users[17]!.uid,
      username: 'mig_user_17',
      email: 'mig_user_17@example.test',
      wallet_address: w('CrashWallet17'),
      snapshot_balance: 50,
      attempted_at: minutesAgo(6),
      transfer_error: null,
    });
    // The crashed attempt is unresolved for its user too, and neither held claim is sent again.
    expect(await me(users[17]!)).toMatchObject({ claim_pending: true, claim_unresolved: true });
    expect(await me(users[19]!)).toMatchObject({ claim_pending: true, claim_unresolved: false });
    expect(await claim(users[17]!)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimUnresolved } } });
    expect(await claim(users[19]!)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimBusy } } });
    expect([...transfersTo(users[17]!), ...transfersTo(users[19]!)]).toEqual([]);
  });

  it('is for super admins only: an admin or a plain user gets 403 on both routes, and nothing changes', async () => {
    const before = await logs();
    for (const who of [mod, users[0]!]) {
      expect(await list(who)).toMatchObject({ status: 403, body: { error: { message: MIGRATION_MSG.onlySuperAdmins } } });
      expect((await settle(flaggedId, { outcome: 'not_sent' }, who)).status).toBe(403);
      expect((await settle(flaggedId, { outcome: 'sent', tx_hash: HASH }, who)).status).toBe(403);
    }
    expect(await logs()).toEqual(before);
  });

  it('marks a claim sent: the hash (trimmed) reaches the welcome card, the claim leaves the list, the audit log names the user', async () => {
    const user = users[15]!;
    expect(await settle(flaggedId, { outcome: 'sent', tx_hash: ` ${HASH}\n` })).toMatchObject({ status: 200, body: { id: flaggedId, claim: 'sent' } });
    expect(await me(user)).toMatchObject({ solana_tx_hash: HASH, wallet_address: w('MaybeWallet15'), claim_pending: false, claim_unresolved: false });
    expect(await listedIds()).not.toContain(flaggedId);
    expect(await settlements(user)).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: boss.uid }),
        target: expect.objectContaining({ username: 'mig_user_15' }),
        before: { claim: 'unresolved' },
        after: { claim: 'sent', tx_hash: HASH },
      }),
    ]);
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'none' } });
    expect(transfersTo(user)).toEqual([]);
  });

  it('allows a resend of a claim the chain shows unsent: the user sends it themselves, once', async () => {
    const user = users[17]!;
    expect(await settle(crashedId, { outcome: 'not_sent' })).toMatchObject({ status: 200, body: { id: crashedId, claim: 'released' } });
    expect(await me(user)).toMatchObject({ solana_tx_hash: null, claim_pending: true, claim_unresolved: false });
    expect(await listedIds()).not.toContain(crashedId);
    expect(await settlements(user)).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ id: boss.uid }), before: { claim: 'unresolved' }, after: { claim: 'released' } }),
    ]);
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    expect(transfersTo(user)).toEqual([expect.objectContaining({ wallet: w('CrashWallet17'), amount: 50 })]);
    const after = await me(user);
    expect(after).toMatchObject({ claim_pending: false, wallet_address: w('CrashWallet17') });
    expect(after.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'none' } });
    expect(transfersTo(user)).toHaveLength(1);
  });

  it('settling a claim again, one never attempted, or one whose attempt is under way is a 409 that writes nothing', async () => {
    const neverAttempted = (await entryOf(users[23]!)).id;
    const before = await logs();
    for (const id of [flaggedId, crashedId, inFlightId, neverAttempted]) {
      for (const body of [{ outcome: 'not_sent' }, { outcome: 'sent', tx_hash: HASH }]) {
        expect(await settle(id, body), `${id} ${body.outcome}`).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimNotUnresolved } } });
      }
    }
    expect(await logs()).toEqual(before);
  });

  it('refuses a bad hash, a field too many or another outcome (400) and an unknown claim (404), writing nothing', async () => {
    const id = await timedOut(users[25]!, w('BadInputWallet25'));
    const badHash = `tx_hash: ${MIGRATION_MSG.badTxHash}`;
    const refused: Array<[unknown, string | RegExp]> = [
      [{ outcome: 'sent', tx_hash: 'abc123' }, badHash],
      [{ outcome: 'sent', tx_hash: 'a'.repeat(129) }, badHash],
      [{ outcome: 'sent', tx_hash: `${HASH.slice(0, 32)}/${HASH.slice(33)}` }, badHash],
      [{ outcome: 'sent', tx_hash: `${HASH.slice(0, 32)} ${HASH.slice(32)}` }, badHash],
      [{ outcome: 'sent', tx_hash: '' }, badHash],
      [{ outcome: 'sent', tx_hash: 64 }, /^tx_hash: /],
      [{ outcome: 'sent' }, /^tx_hash: /],
      [{ outcome: 'not_sent', tx_hash: HASH }, 'Unrecognized key: "tx_hash"'],
      [{ outcome: 'sent', tx_hash: HASH, user_id: users[0]!.uid }, 'Unrecognized key: "user_id"'],
      [{ outcome: 'lost' }, /^outcome: /],
      [{ outcome: 'SENT', tx_hash: HASH }, /^outcome: /],
      [{}, /^outcome: /],
      [[{ outcome: 'not_sent' }], /./],
    ];
    const before = await logs();
    for (const [body, message] of refused) {
      const res = await settle(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(message);
    }
    expect(await settle('no_such_claim', { outcome: 'not_sent' })).toMatchObject({ status: 404, body: { error: { message: MIGRATION_MSG.claimNotFound } } });
    expect((await settle('__reserved__', { outcome: 'not_sent' })).status).toBe(400);
    expect(await logs()).toEqual(before);
    expect(await listedIds()).toContain(id);
  });

  it('a flag written late, after a release, does not make the next attempt look unresolved while it is under way', async () => {
    const user = users[29]!;
    const id = await timedOut(user, w('LateWallet29'));
    expect((await settle(id, { outcome: 'not_sent' })).status).toBe(200);
    // The first attempt outlived its 5 minutes and reports its failure after the release: the flag comes back.
    await (await entryOf(user)).ref.update({ claim_unresolved: true });
    let midway: unknown = null;
    h.deps.chain = {
      name: 'local',
      transfer: async (t) => {
        midway = { listed: (await listedIds()).includes(id), unresolved: (await me(user)).claim_unresolved };
        return chainUp.transfer(t);
      },
    };
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    h.deps.chain = chainUp;
    expect(midway).toEqual({ listed: false, unresolved: false });
    expect(transfersTo(user)).toHaveLength(1);
  });

  it("an attempt that outlived its 5 minutes reports during a newer attempt: the newer one's entry is left alone, and nothing is sent twice", async () => {
    const user = await signUp(h, 'mig_stale');
    await h.db.collection('profiles').doc(user.uid).update({ wallet_address: w('StaleWallet') });
    const entry = h.db.collection('migration_log').doc(`${user.uid}_stale`);
    await entry.set({
      user_id: user.uid,
      run_id: 'stale-run',
      snapshot_balance: 12,
      migrated_at: minutesAgo(60),
      claim_pending: true,
      solana_tx_hash: null,
      wallet_address: null,
    });
    // Attempt A hangs on the chain past CLAIM_IN_FLIGHT_MS; a super admin then releases the entry.
    let failA: (err: Error) => void = () => undefined;
    h.deps.chain = { name: 'local', transfer: () => new Promise<string>((_, reject) => (failA = reject)) };
    const a = claim(user);
    await expect.poll(async () => (await entry.get()).get('claim_attempted_at')).toBeTruthy();
    h.clock.now += 6 * 60_000;
    expect((await settle(entry.id, { outcome: 'not_sent' })).status).toBe(200);
    // Attempt B: while its transfer is under way, A reports that no token moved (which would release the entry) and ends.
    let midway: unknown = null;
    h.deps.chain = {
      name: 'local',
      transfer: async (t) => {
        failA(new TransferNotMadeError('RPC unreachable'));
        await a;
        midway = { held: (await entry.get()).get('claim_attempted_at') === new Date(h.clock.now).toISOString(), third: (await claim(user)).body };
        return chainUp.transfer(t);
      },
    };
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    h.deps.chain = chainUp;
    expect(midway).toEqual({ held: true, third: { error: expect.objectContaining({ message: MIGRATION_MSG.claimBusy }) } });
    expect(transfersTo(user)).toHaveLength(1);
    expect((await entry.get()).data()).toMatchObject({ claim_pending: false, wallet_address: w('StaleWallet') });
  });

  it('eight settles of one claim at once (sent and not sent) settle it once: one 200, seven 409, one audit entry', async () => {
    const user = users[27]!;
    const id = await timedOut(user, w('RaceWallet27'));
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => settle(id, i % 2 ? { outcome: 'not_sent' } : { outcome: 'sent', tx_hash: HASH })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results) if (r.status === 409) expect(r.body.error.message).toBe(MIGRATION_MSG.claimNotUnresolved);
    const won = results.find((r) => r.status === 200)!.body.claim as 'sent' | 'released';
    const audit = await h.db.collection('audit_log').where('action', '==', 'migration.claim').where('target_user_id', '==', user.uid).get();
    expect(audit.docs.map((d) => d.get('after').claim)).toEqual([won]);
    const entry = await entryOf(user);
    if (won === 'sent') expect(entry.data()).toMatchObject({ claim_pending: false, claim_unresolved: false, solana_tx_hash: HASH });
    else expect(entry.data()).toMatchObject({ claim_pending: true, claim_unresolved: false, claim_attempted_at: null, solana_tx_hash: null });
  });
});

describe("a run's transfer that may have gone through", () => {
  const TIMED_OUT = 'Solana transaction 7aBc not confirmed within 60 s';
  const listedUsers = async () => ((await h.call('GET', '/api/cms/migration/claims', { token: boss.token })).body.items as UnresolvedClaim[]).map((c) => c.user_id);
  const entryOf = async (who: Who) => (await h.db.collection('migration_log').where('user_id', '==', who.uid).get()).docs[0]!;
  /** Starts a forced run a minute later than the last (the status names the latest run by its start). */
  const forceRun = () => {
    h.clock.now += 60_000;
    return run({ force: true });
  };
  /** Calls the run until it is done, as the panel does after a stop; every call answers 200. */
  async function runToDone() {
    let res = await run({});
    for (let i = 0; i < 10 && res.status === 200 && res.body.run?.state !== 'done'; i++) res = await run({});
    expect(res).toMatchObject({ status: 200, body: { migration_enabled: true, migrating: 0, pending: 0, run: { state: 'done' } } });
  }
  const newUsersWithWallets = async (tag: string, n: number) => {
    const out: Who[] = [];
    for (let i = 0; i < n; i++) {
      const u = await signUp(h, `mig_${tag}_${i}`);
      expect((await saveWallet(u, w(`${tag}Wallet${i}`))).body.claim).toBe('none');
      out.push(u);
    }
    return out;
  };

  it('is not sent again when the run resumes: the user ends migrated with the claim held for a check, and the run stops there (503)', async () => {
    const [unsure, ...others] = await newUsersWithWallets('unsure', 3);
    const landed: ChainTransfer[] = [];
    // The transfer to `unsure` goes through, but its confirmation times out.
    h.deps.chain = {
      name: 'local',
      transfer: async (t) => {
        const hash = await chainUp.transfer(t);
        landed.push(t);
        if (t.userId === unsure!.uid) throw new Error(TIMED_OUT);
        return hash;
      },
    };
    let res = await forceRun();
    for (let i = 0; i < 10 && res.status === 200 && res.body.run?.state !== 'done'; i++) res = await run({});
    expect(res).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferUnresolved } } });
    expect(await statusOf(unsure!.uid)).toBe('migrated');
    expect(await me(unsure!)).toMatchObject({ claim_pending: true, claim_unresolved: true, solana_tx_hash: null, wallet_address: w('unsureWallet0') });
    expect(await listedUsers()).toContain(unsure!.uid);
    // Unfrozen: the app's balance is theirs again.
    expect((await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: unsure!.uid, delta: -1 } })).status).toBe(200);

    await runToDone();
    expect(landed.filter((t) => t.userId === unsure!.uid)).toHaveLength(1);
    for (const u of others) {
      expect(landed.filter((t) => t.userId === u.uid)).toHaveLength(1);
      expect(await me(u)).toMatchObject({ claim_pending: false, claim_unresolved: false, solana_tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
    h.deps.chain = chainUp;
  });

  it('an attempt a crashed call left: the run waits for it (503), and after 5 minutes ends the user with the claim held, sending nothing', async () => {
    const [crashed] = await newUsersWithWallets('crashed', 1);
    h.deps.chain = { name: 'local', transfer: (t) => (t.userId === crashed!.uid ? Promise.reject(new TransferNotMadeError('RPC unreachable')) : chainUp.transfer(t)) };
    expect(await forceRun()).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferFailed } } });
    h.deps.chain = chainUp;
    expect(await statusOf(crashed!.uid)).toBe('migrating');
    // What a call that crashed during the transfer leaves: the entry held, no outcome.
    await (await entryOf(crashed!)).ref.update({ claim_attempted_at: new Date(h.clock.now).toISOString(), claim_attempt: 'crashed-call' });
    expect(await run({})).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferUnderWay } } });
    expect(await statusOf(crashed!.uid)).toBe('migrating');
    h.clock.now += 5 * 60_000;
    expect(await run({})).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferUnresolved } } });
    expect(await statusOf(crashed!.uid)).toBe('migrated');
    expect(await listedUsers()).toContain(crashed!.uid);
    await runToDone();
    expect(transfersTo(crashed!)).toEqual([]);
  });

  it('a claim whose commits lose their answer (the SDK runs them again) is sent once and reported sent', async () => {
    const late = await signUp(h, 'mig_late');
    await forceRun();
    await runToDone();
    expect(await me(late)).toMatchObject({ claim_pending: true, wallet_address: null });
    // The wallet saved through a database whose commits to migration_log lose their answer: taking the entry and recording the hash.
    const dropping = { ...h.deps, db: losingCommitAnswers(h.db, 'migration_log', 'rerun') };
    const saved = await callWithDeps(dropping, 'POST', '/api/accounts/wallet', { token: late.token, body: { wallet_address: w('LateWallet') } });
    expect(saved).toMatchObject({ status: 200, body: { wallet_address: w('LateWallet'), claim: 'sent' } });
    expect(transfersTo(late)).toHaveLength(1);
    expect(await me(late)).toMatchObject({ claim_pending: false, claim_unresolved: false, wallet_address: w('LateWallet') });
  });

  it('a release whose commit loses its answer (the SDK runs it again) is reported as no token moved, and the claim can be sent again', async () => {
    const user = await signUp(h, 'mig_release');
    await forceRun();
    await runToDone();
    h.deps.chain = chainFailing(new TransferNotMadeError('RPC unreachable'));
    const dropping = { ...h.deps, db: losingCommitAnswers(h.db, 'migration_log', 'rerun') };
    const saved = await callWithDeps(dropping, 'POST', '/api/accounts/wallet', { token: user.token, body: { wallet_address: w('ReleaseWallet') } });
    expect(saved).toMatchObject({ status: 200, body: { wallet_address: w('ReleaseWallet'), claim: 'failed' } });
    expect(await me(user)).toMatchObject({ claim_pending: true, claim_unresolved: false });
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    expect(transfersTo(user)).toHaveLength(1);
  });

  it('a run and the user sending their own tokens at once: one transfer', async () => {
    const [racer] = await newUsersWithWallets('racer', 1);
    h.deps.chain = { name: 'local', transfer: (t) => (t.userId === racer!.uid ? Promise.reject(new TransferNotMadeError('RPC unreachable')) : chainUp.transfer(t)) };
    expect(await forceRun()).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferFailed } } });
    h.deps.chain = chainUp;
    const [byRun, ...byUser] = await Promise.all([run({}), claim(racer!), claim(racer!), claim(racer!)]);
    expect([200, 503]).toContain(byRun.status);
    for (const r of byUser) {
      if (r.status === 409) expect(r.body.error.message).toBe(MIGRATION_MSG.claimBusy);
      else expect(r).toMatchObject({ status: 200, body: { claim: expect.stringMatching(/^(sent|none)$/) } });
    }
    await runToDone();
    expect(transfersTo(racer!)).toHaveLength(1);
    expect(await me(racer!)).toMatchObject({ claim_pending: false, claim_unresolved: false, wallet_address: w('racerWallet0') });
  });

  it('a user the former run froze (an entry never pending, no hash) is owed: held for a check with a wallet, pending without one', async () => {
    const [withWallet] = await newUsersWithWallets('former', 1);
    const walletless = await signUp(h, 'mig_former_nowallet');
    h.deps.chain = { name: 'local', transfer: (t) => (t.userId === withWallet!.uid ? Promise.reject(new TransferNotMadeError('RPC unreachable')) : chainUp.transfer(t)) };
    expect((await forceRun()).status).toBe(503);
    h.deps.chain = chainUp;
    // What the former run left: both migrating, their entries frozen without a claim.
    for (const who of [withWallet!, walletless]) {
      await h.db.collection('profiles').doc(who.uid).update({ migration_status: 'migrating' });
      const entry = await entryOf(who);
      await entry.ref.update({ claim_pending: false, migrated_at: null, claim_attempted_at: FieldValue.delete(), claim_attempt: FieldValue.delete(), transfer_error: FieldValue.delete() });
    }
    const sentBefore = sent.length;
    let res = await run({});
    for (let i = 0; i < 10 && res.status === 200 && res.body.run?.state !== 'done'; i++) res = await run({});
    expect(res).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.transferUnresolved } } });
    await runToDone();
    expect(sent.length).toBe(sentBefore);
    expect(await me(withWallet!)).toMatchObject({ claim_pending: true, claim_unresolved: true, solana_tx_hash: null });
    const listed = (await h.call('GET', '/api/cms/migration/claims', { token: boss.token })).body.items as UnresolvedClaim[];
    expect(listed.find((c) => c.user_id === withWallet!.uid)).toMatchObject({ transfer_error: FORMERLY_FROZEN, wallet_address: w('formerWallet0') });
    expect(await me(walletless)).toMatchObject({ claim_pending: true, claim_unresolved: false });
    expect((await saveWallet(walletless, w('FormerWallet'))).body).toEqual({ wallet_address: w('FormerWallet'), claim: 'sent' });
  });

  it('a call starts no transfer after 45 s and answers the progress; the next calls go on', async () => {
    const slow = await newUsersWithWallets('slow', 3);
    // Each confirmation takes 30 s.
    h.deps.chain = { name: 'local', transfer: async (t) => ((h.clock.now += 30_000), chainUp.transfer(t)) };
    const first = await forceRun();
    expect(first).toMatchObject({ status: 200, body: { run: { state: 'running' } } });
    expect(slow.map((u) => transfersTo(u).length).sort()).toEqual([0, 1, 1]);
    await runToDone();
    for (const u of slow) expect(transfersTo(u)).toHaveLength(1);
    h.deps.chain = chainUp;
  });

  it('three run calls at once: each user is sent once, and no call ends the run while a user is still migrating', async () => {
    const crowd = await newUsersWithWallets('crowd', 3);
    h.deps.chain = chainUp;
    h.clock.now += 60_000;
    const calls = await Promise.all([run({ force: true }), run({ force: true }), run({ force: true })]);
    for (const r of calls) {
      expect([200, 503]).toContain(r.status);
      if (r.status === 200 && r.body.run.state === 'done') expect(r.body).toMatchObject({ migrating: 0, pending: 0 });
    }
    await runToDone();
    for (const u of crowd) expect(transfersTo(u)).toHaveLength(1);
  });
});
