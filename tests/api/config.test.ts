import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMail } from '../../functions/src/mail/deliver';
import { COL } from '../../functions/src/platform/firestore/collections';
import { addTrack, makeAdmin } from './contest-fixtures';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';
import { balanceOf, grant, listTrack, type User } from './order-fixtures';
import { submitSong, taggedSong } from './submission-fixtures';

let h: Harness;
let admin: User;
let root: User;
let plain: User;
let names = 0;
const fresh = (p: string) => signUp(h, `${p}${(names++).toString(36)}`);

beforeAll(async () => {
  h = await startHarness();
  [admin, root, plain] = await Promise.all([fresh('cfgadmin'), fresh('cfgroot'), fresh('cfgplain')]);
  await makeAdmin(h.db, admin.uid, 'admin');
  await makeAdmin(h.db, root.uid, 'super_admin');
});
afterAll(() => h.close());

const getSettings = (who: User) => h.call('GET', '/api/cms/config', { token: who.token });
const saveSettings = (who: User, body: unknown) => h.call('POST', '/api/cms/config', { token: who.token, body });
const audits = async () => (await h.db.collection('audit_log').where('action', '==', 'config.update').get()).docs.map((d) => d.data());
const ledgerOf = async (uid: string, reason: string) =>
  (await h.db.collection('token_ledger').where('user_id', '==', uid).where('reason', '==', reason).get()).docs.map((d) => d.get('delta') as number);

describe('GET/POST /api/cms/config', () => {
  it('reads the seeded defaults, saves a change, keeps the rest, and audits the changed fields', async () => {
    const before = await getSettings(admin);
    expect(before.status).toBe(200);
    expect(before.body.pricing).toMatchObject({ signup_grant: 50, daily_drip: 1, vote_session_cost: 10, contest_entry_cost: 10, marketplace: { basic: 15, featured: 45 }, referral_reward: 10, radio_upload_cost: 1000 });
    expect(before.body.pricing.radio_ads.standard['15']).toBe(150);
    expect(before.body.orders).toEqual({ cash_expiry_hours: 24 });
    expect(before.body.migration).toEqual({ user_threshold: 100000, migration_enabled: false });

    const auditsBefore = (await audits()).length;
    const saved = await saveSettings(admin, { pricing: { radio_upload_cost: 900, radio_ads: { prime: { '60': 1700 } } }, orders: { cash_expiry_hours: 48 } });
    expect(saved.status).toBe(200);
    expect(saved.body.pricing).toMatchObject({ radio_upload_cost: 900, signup_grant: 50 });
    expect(saved.body.pricing.radio_ads.prime).toEqual({ '15': 600, '30': 1000, '60': 1700 });
    expect((await getSettings(admin)).body).toEqual(saved.body);
    const stored = (await h.db.collection('app_config').doc('1').get()).data()!;
    expect(stored.data.pricing.radio_upload_cost).toBe(900);
    expect(stored.data.orders.cash_expiry_hours).toBe(48);

    const entries = await audits();
    expect(entries).toHaveLength(auditsBefore + 1);
    expect(entries.find((e) => e.after['pricing.radio_upload_cost'] === 900)).toMatchObject({
      actor_id: admin.uid,
      before: { 'pricing.radio_upload_cost': 1000, 'pricing.radio_ads.prime.60': 1600, 'orders.cash_expiry_hours': 24 },
      after: { 'pricing.radio_upload_cost': 900, 'pricing.radio_ads.prime.60': 1700, 'orders.cash_expiry_hours': 48 },
    });
    // Saving the same values again changes nothing and records nothing.
    expect((await saveSettings(admin, { pricing: { radio_upload_cost: 900 } })).status).toBe(200);
    expect(await audits()).toHaveLength(auditsBefore + 1);
    await saveSettings(admin, { pricing: { radio_upload_cost: 1000, radio_ads: { prime: { '60': 1600 } } }, orders: { cash_expiry_hours: 24 } });
  });

  it.each([
    ['negative', { pricing: { contest_entry_cost: -1 } }, 'pricing.contest_entry_cost: Must not be negative'],
    ['fractional', { pricing: { daily_drip: 1.5 } }, 'pricing.daily_drip: Must be a whole number'],
    ['a string', { pricing: { signup_grant: '50' } }, 'pricing.signup_grant: Must be a number'],
    ['huge', { pricing: { marketplace: { featured: 1e9 } } }, 'pricing.marketplace.featured: Must be at most 100,000'],
    ['an unknown field', { pricing: { free_money: 1 } }, 'pricing'],
    ['a zero expiry', { orders: { cash_expiry_hours: 0 } }, 'orders.cash_expiry_hours: Must be at least 1'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, body, message) => {
    const before = (await getSettings(admin)).body;
    // A super admin: an admin naming a grant is refused (403) before the body is read.
    const res = await saveSettings(root, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await getSettings(admin)).body).toEqual(before);
  });

  it('lets only super admins change the migration settings; admins get 403 and nothing changes', async () => {
    const refused = await saveSettings(admin, { pricing: { daily_drip: 2 }, migration: { user_threshold: 5 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only super admins can change migration settings');
    expect((await getSettings(admin)).body.pricing.daily_drip).toBe(1);

    const ok = await saveSettings(root, { migration: { user_threshold: 250, migration_enabled: true } });
    expect(ok.status).toBe(200);
    expect((await h.db.collection('migration_config').doc('1').get()).data()).toMatchObject({ user_threshold: 250, migration_enabled: true });
    expect((await h.call('GET', '/api/public/migration')).body).toMatchObject({ user_threshold: 250, migration_enabled: true });
    const entry = (await audits()).find((e) => e.after['migration.user_threshold'] === 250);
    expect(entry).toMatchObject({ actor_id: root.uid, before: { 'migration.user_threshold': 100000, 'migration.migration_enabled': false } });
    await saveSettings(root, { migration: { user_threshold: 100000, migration_enabled: false } });
  });

  it('is for admins only', async () => {
    expect((await getSettings(plain)).status).toBe(403);
    expect((await saveSettings(plain, { pricing: { daily_drip: 5 } })).status).toBe(403);
    expect((await h.call('GET', '/api/cms/config')).status).toBe(401);
  });
});

describe('charges and grants read the saved values', () => {
  it('signup grant, daily drip, referral reward, contest entry and the public config follow a save', async () => {
    const prices = { signup_grant: 70, daily_drip: 3, referral_reward: 12, contest_entry_cost: 7 };
    // The grants are the super admins' (grant-settings.test.ts).
    expect((await saveSettings(root, { pricing: prices })).status).toBe(200);
    try {
      expect((await h.call('GET', '/api/public/config')).body.data.pricing).toMatchObject(prices);
      const referrer = await fresh('cfgref');
      expect(await balanceOf(h, referrer.uid)).toBe(70);
      // The welcome mail states the amounts in force, each with its unit.
      const [welcome] = (await h.db.collection(COL.mail).where('toUids', 'array-contains', referrer.uid).get()).docs.filter((d) => d.get('topic') === 'welcome');
      expect((await deliverMail(h.deps, welcome!.id)).outcome).toBe('sent');
      const username = (await h.db.collection('profiles').doc(referrer.uid).get()).get('username') as string;
      const { text } = h.mailer.sent.find((m) => m.subject === `Welcome to Fool Rate, ${username}!`)!;
      expect(text).toContain('with a signup bonus of 70 tokens.');
      expect(text).toContain('(3 tokens a day)');
      expect(text).toContain('you earn 12 tokens for every friend');
      const friend = await signUp(h, `cfgfriend${names++}`, { referral_code: username });
      h.auth.verifyEmail(friend.uid);
      expect((await h.call('POST', '/api/accounts/email-verified', { token: friend.token, body: {} })).body.referral).toBe('rewarded');
      expect(await ledgerOf(referrer.uid, 'referral_reward')).toEqual([12]);

      h.clock.now += 86_400_000;
      const claim = await h.call('POST', '/api/tokens/claim-daily', { token: referrer.token });
      expect(claim.status).toBe(200);
      expect(claim.body).toMatchObject({ granted: true, tokens: 3 });
      expect((await h.call('POST', '/api/tokens/claim-daily', { token: referrer.token })).body).toMatchObject({ granted: false, tokens: 0 });
      expect(await ledgerOf(referrer.uid, 'daily_drip')).toEqual([3]);

      await submitSong(h, referrer, { title: 'Priced', artistName: 'Cfg', songType: 'human', submissionRoutes: '["contest"]' }, await taggedSong(2, 440));
      expect(await ledgerOf(referrer.uid, 'submission_fee')).toEqual([-7]);
      for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
    } finally {
      await saveSettings(root, { pricing: { signup_grant: 50, daily_drip: 1, referral_reward: 10, contest_entry_cost: 10 } });
    }
  });
});

describe('POST /api/marketplace/listings/:id/feature', () => {
  it('charges the seller the featured price once under concurrency, then refuses', async () => {
    const seller = await fresh('feat');
    const { listing, track } = await listTrack(h, seller);
    const mine = async () => (await h.call('GET', '/api/tracks/mine', { token: seller.token })).body.tracks.find((t: { id: string }) => t.id === track.id).listing;
    expect(await mine()).toEqual({ id: listing.id, listing_type: 'basic' });
    const results = await Promise.all(Array.from({ length: 5 }, () => h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ cost: 45, balance: 5, listing: { id: listing.id, listing_type: 'featured' } });
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe('This listing is already featured');
    expect(await ledgerOf(seller.uid, 'featured_listing')).toEqual([-45]);
    expect((await h.db.collection('marketplace_listings').doc(listing.id).get()).get('listing_type')).toBe('featured');
    const again = await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: {} });
    expect(again.status).toBe(409);
    expect(await balanceOf(h, seller.uid)).toBe(5);
    expect(await mine()).toEqual({ id: listing.id, listing_type: 'featured' });
  });

  it('charges only the price the seller saw (token_cost): another is refused, nothing charged', async () => {
    const seller = await fresh('featprice');
    const { listing } = await listTrack(h, seller);
    const stale = await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: { token_cost: 30 } });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: 'Featuring a listing now costs 45 tokens', cost: 45 } } });
    expect(await balanceOf(h, seller.uid)).toBe(50);
    expect((await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: { token_cost: '45' } })).status).toBe(400);
    const ok = await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: { token_cost: 45 } });
    expect(ok.body).toMatchObject({ cost: 45, balance: 5 });
  });

  it('refuses a seller short of tokens (402) and anyone but the seller (403), changing nothing', async () => {
    const seller = await fresh('featpoor');
    const { listing } = await listTrack(h, seller);
    await grant(h, seller.uid, -20);
    const poor = await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: seller.token, body: {} });
    expect(poor.status).toBe(402);
    expect(poor.body.error.message).toBe('Insufficient tokens');
    const other = await h.call('POST', `/api/marketplace/listings/${listing.id}/feature`, { token: admin.token, body: {} });
    expect(other.status).toBe(403);
    expect((await h.db.collection('marketplace_listings').doc(listing.id).get()).get('listing_type')).toBe('basic');
    expect(await balanceOf(h, seller.uid)).toBe(30);
    expect((await h.call('POST', '/api/marketplace/listings/nope/feature', { token: seller.token, body: {} })).status).toBe(404);
  });

  it('a config save racing the charges: each charge is exactly the old or the new price', async () => {
    const seller = await fresh('featrace');
    await grant(h, seller.uid, 2000);
    const listings = [];
    for (let i = 0; i < 12; i++) listings.push((await listTrack(h, seller)).listing);
    try {
      const [saved, ...charges] = await Promise.all([
        saveSettings(admin, { pricing: { marketplace: { featured: 60 } } }),
        ...listings.map((l) => h.call('POST', `/api/marketplace/listings/${l.id}/feature`, { token: seller.token, body: {} })),
      ]);
      expect(saved.status).toBe(200);
      expect(charges.map((c) => c.status)).toEqual(listings.map(() => 200));
      const amounts = await ledgerOf(seller.uid, 'featured_listing');
      expect(amounts).toHaveLength(12);
      for (const a of amounts) expect([-45, -60]).toContain(a);
      expect(charges.map((c) => -c.body.cost).sort()).toEqual([...amounts].sort());
      expect(await balanceOf(h, seller.uid)).toBe(2050 + amounts.reduce((s, a) => s + a, 0));
      for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
    } finally {
      await saveSettings(admin, { pricing: { marketplace: { featured: 45 } } });
    }
  });
});

describe('GET /api/cms/export/:file', () => {
  const download = (who: User | null, path: string) => fetch(h.url(path), { headers: who ? { Authorization: `Bearer ${who.token}` } : {} });
  const lines = async (res: Response) => (await res.text()).split('\r\n').filter(Boolean);

  it('users.csv: a header, one row per user, CSV and formula escaping, as an attachment', async () => {
    const odd = await fresh('csvodd');
    await h.db.collection('profiles').doc(odd.uid).update({ full_name: '=HYPERLINK("http://evil","click"), Jr.' });
    const res = await download(admin, '/api/cms/export/users.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8's byte order mark first, so Excel reads accented names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('id,username,full_name,email,roles,balance,migration_status,wallet_address,created_at');
    expect(rows).toHaveLength(1 + (await h.db.collection('profiles').count().get()).data().count);
    const row = rows.find((r) => r.startsWith(`${odd.uid},`))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil"",""click""), Jr."`);
    expect(rows.find((r) => r.startsWith(`${root.uid},`))).toContain(',user super_admin,');
  });

  it('tracks.csv carries vote stats; orders.csv has its header', async () => {
    const t = await addTrack(h, { title: 'Stats, "quoted"', submitted_by: plain.uid });
    const res = await download(admin, '/api/cms/export/tracks.csv');
    const rows = await lines(res);
    expect(rows[0]).toBe('id,title,artist_name,genre,song_type,submission_type,status,submitted_by,created_at,total_votes,correct_guesses,incorrect_guesses,fool_rate');
    expect(rows.find((r) => r.startsWith(`${t.id},`))).toMatch(/^[^,]+,"Stats, ""quoted""",.*,0,0,0,0$/);
    const orders = await lines(await download(admin, '/api/cms/export/orders.csv'));
    expect(orders[0]).toBe('id,created_at,status,method,listing_id,buyer_id,seller_id,amount_tokens,amount_usd,expires_at');
  });

  it('ledger.csv keeps the entries of the date range (UTC days, inclusive) and refuses a bad range', async () => {
    const u = await fresh('csvledger');
    const entries = [
      ['2025-01-09T23:59:59.000Z', 1],
      ['2025-01-10T00:00:00.000Z', 2],
      ['2025-01-11T23:59:59.999Z', -3],
      ['2025-01-12T00:00:00.000Z', 4],
    ] as const;
    for (const [at, delta] of entries) await h.db.collection('token_ledger').add({ user_id: u.uid, delta, reason: 'admin_grant', ref: null, balance_after: 0, created_at: at, note: `Prize, round ${delta}` });
    const rows = await lines(await download(admin, '/api/cms/export/ledger.csv?from=2025-01-10&to=2025-01-11'));
    expect(rows[0]).toBe('id,created_at,user_id,delta,reason,ref,balance_after,note');
    expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual(['2', '-3']);
    // The admin's reason for an adjustment is in the report.
    expect(rows[1]).toMatch(/,"Prize, round 2"$/);
    expect((await download(admin, '/api/cms/export/ledger.csv?from=2025-01-12&to=2025-01-10')).status).toBe(400);
    expect((await download(admin, '/api/cms/export/ledger.csv?from=2025-02-30')).status).toBe(400);
    expect((await download(admin, '/api/cms/export/secrets.csv')).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await download(plain, '/api/cms/export/users.csv')).status).toBe(403);
    expect((await download(null, '/api/cms/export/ledger.csv')).status).toBe(401);
  });
});

describe('GET /api/cms/overview', () => {
  it('shows each stat card with its change over the last 7 days', async () => {
    const before = (await h.call('GET', '/api/cms/overview', { token: admin.token })).body;
    expect(before.week).toEqual(expect.objectContaining({ total_users: expect.any(Number), tokens_circulating: expect.any(Number) }));
    await fresh('ovweek');
    const old = await fresh('ovold');
    await h.db.collection('profiles').doc(old.uid).update({ created_at: '2020-01-01T00:00:00.000Z' });
    await h.db.collection('token_ledger').add({ user_id: old.uid, delta: 999, reason: 'admin_grant', ref: null, balance_after: 0, created_at: '2020-01-01T00:00:00.000Z' });
    const after = (await h.call('GET', '/api/cms/overview', { token: admin.token })).body;
    expect(after.total_users).toBe(before.total_users + 2);
    expect(after.week.total_users).toBe(before.week.total_users + 1);
    // Two signup grants of 50 inside the week; the old entry is outside it.
    expect(after.week.tokens_circulating).toBe(before.week.tokens_circulating + 100);
  });
});
