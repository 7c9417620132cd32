import { readFile } from 'node:fs/promises';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_MSG } from '../../common/migration-messages';
import { InvalidWalletError, TransferNotMadeError, type ChainTransfer } from '../../functions/src/platform/chain';
import { LocalChain, localTxHash } from '../../functions/src/platform/local-chain';
import { callWithDeps, ledgerInvariant, signUp, startHarness, withOverrides, type Harness } from './harness';

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
    if (i % 2 === 0) expect((await h.call('POST', '/api/accounts/wallet', { token: u.token, body: { wallet_address: `Wallet${i}` } })).status).toBe(200);
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

  it('freezes balances while migrating: spends are refused with a clear message; a failed transfer resumes', async () => {
    let calls = 0;
    h.deps.chain = {
      name: 'local',
      transfer: async (t) => {
        if (++calls === 3) throw new Error('chain down');
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
    const saved = await h.call('POST', '/api/accounts/wallet', { token: walletless.token, body: { wallet_address: 'ClaimWallet1' } });
    expect(saved.body).toEqual({ wallet_address: 'ClaimWallet1', claim: 'sent' });
    const after = (await h.call('GET', '/api/migration/me', { token: walletless.token })).body.data;
    expect(after).toMatchObject({ snapshot_balance: before.snapshot_balance, wallet_address: 'ClaimWallet1', claim_pending: false });
    expect(after.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.at(-1)).toMatchObject({ userId: walletless.uid, wallet: 'ClaimWallet1', amount: before.snapshot_balance });
    const withWallet = (await h.call('GET', '/api/migration/me', { token: users[0]!.token })).body.data;
    expect(withWallet).toMatchObject({ wallet_address: 'Wallet0', claim_pending: false });
    expect(withWallet.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    const newcomer = await signUp(h, 'mig_newcomer');
    expect((await h.call('GET', '/api/migration/me', { token: newcomer.token })).body).toEqual({ data: null });
  });
});

describe('claiming a snapshot after the migration', () => {
  const working: ChainTransfer[] = [];
  const chainUp = { name: 'local', transfer: async (t: ChainTransfer) => (sent.push(t), working.push(t), localChain.transfer(t)) };
  /** A chain that refuses with `err`: TransferNotMadeError when no token moved, another error when some may have. */
  const chainFailing = (err: Error) => ({ name: 'local', transfer: () => Promise.reject(err) });
  const me = async (who: Who) => (await h.call('GET', '/api/migration/me', { token: who.token })).body.data;
  const saveWallet = (who: Who, wallet: string) => h.call('POST', '/api/accounts/wallet', { token: who.token, body: { wallet_address: wallet } });
  const claim = (who: Who) => h.call('POST', '/api/migration/claim', { token: who.token, body: {} });
  const transfersTo = (who: Who) => working.filter((t) => t.userId === who.uid);

  it('a transfer refused before anything moved leaves the wallet saved and the claim pending; sending it again works', async () => {
    const user = users[3]!;
    h.deps.chain = chainFailing(new TransferNotMadeError('RPC unreachable: getLatestBlockhash'));
    expect((await saveWallet(user, 'RetryWallet3')).body).toEqual({ wallet_address: 'RetryWallet3', claim: 'failed' });
    expect(await me(user)).toMatchObject({ claim_pending: true, claim_unresolved: false, solana_tx_hash: null });
    expect(await claim(user)).toMatchObject({ status: 503, body: { error: { message: MIGRATION_MSG.claimFailed } } });
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    const after = await me(user);
    expect(after).toMatchObject({ claim_pending: false, wallet_address: 'RetryWallet3' });
    expect(after.solana_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(transfersTo(user)).toEqual([expect.objectContaining({ wallet: 'RetryWallet3', amount: 54 })]);
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'none' } });
  });

  it('a transfer that may have gone through (its confirmation timed out) is never sent again', async () => {
    const user = users[11]!;
    h.deps.chain = chainFailing(new Error('Solana transaction 5xYz not confirmed within 60 s'));
    expect((await saveWallet(user, 'MaybeWallet11')).body).toEqual({ wallet_address: 'MaybeWallet11', claim: 'unresolved' });
    expect(await me(user)).toMatchObject({ claim_pending: true, claim_unresolved: true });
    h.deps.chain = chainUp;
    expect(await claim(user)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimUnresolved } } });
    expect(transfersTo(user)).toEqual([]);
  });

  it('a wallet the chain cannot pay says so, and a claim without a saved wallet or with a body is refused', async () => {
    const user = users[13]!;
    h.deps.chain = chainFailing(new InvalidWalletError('Not a Solana address: 0xdeadbeef'));
    expect((await saveWallet(user, '0xdeadbeef')).body).toEqual({ wallet_address: '0xdeadbeef', claim: 'invalid_wallet' });
    expect(await claim(user)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimInvalidWallet } } });
    h.deps.chain = chainUp;
    expect(await claim(users[5]!)).toMatchObject({ status: 409, body: { error: { message: MIGRATION_MSG.claimNeedsWallet } } });
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
    const saved = await callWithDeps({ ...h.deps, db: logDown }, 'POST', '/api/accounts/wallet', { token: user.token, body: { wallet_address: 'LateWallet7' } });
    expect(saved).toMatchObject({ status: 200, body: { wallet_address: 'LateWallet7', claim: 'failed' } });
    expect((await h.db.collection('profiles').doc(user.uid).get()).get('wallet_address')).toBe('LateWallet7');
    expect(await claim(user)).toMatchObject({ status: 200, body: { claim: 'sent' } });
    expect(await me(user)).toMatchObject({ claim_pending: false, wallet_address: 'LateWallet7' });
  });

  it('concurrent retries send a snapshot once; the others hear it is under way or sent', async () => {
    const user = users[9]!;
    h.deps.chain = chainFailing(new TransferNotMadeError('RPC unreachable'));
    expect((await saveWallet(user, 'RaceWallet9')).body.claim).toBe('failed');
    h.deps.chain = chainUp;
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(user)));
    for (const r of results) {
      if (r.status === 409) expect(r.body.error.message).toBe(MIGRATION_MSG.claimBusy);
      else expect([r.status, ['sent', 'none']]).toEqual([200, expect.arrayContaining([r.body.claim])]);
    }
    expect(results.filter((r) => r.body.claim === 'sent').length).toBeGreaterThanOrEqual(1);
    expect(transfersTo(user)).toHaveLength(1);
    expect(await me(user)).toMatchObject({ claim_pending: false, wallet_address: 'RaceWallet9' });
  });
});
