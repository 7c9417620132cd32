import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BAD_CURSOR } from '../../common/marketplace/search';
import { MIGRATION_MSG } from '../../common/migration/migration-messages';
import { WALLET_KEY_MESSAGE } from '../../common/schemas';
import { signUp, startHarness, type Harness } from './harness';
import { malformedSolanaWallet, solanaWallet } from './wallets';

/**
 * Every endpoint of functions/src/app.ts fed wrong input: each answer is a clear 4xx with
 * `{ error: { code, message } }`, never a 500, and nothing is written anywhere.
 */

let h: Harness;
let user: { uid: string; token: string };
let admin: { uid: string; token: string };
let superAdmin: { uid: string; token: string };
/** A valid token whose uid has no profile (Auth knows them, Firestore does not). */
const GHOST = 'test:ghost_without_profile';
/** A wallet address the API accepts. */
const WALLET = solanaWallet('bad-input');

/** The documents written by the API; a bad request must leave all of them as they were. */
const WATCHED = [
  'profiles',
  'token_balances',
  'token_ledger',
  'usernames',
  'coupon_redemptions',
  'daily_token_grants',
  'ledger_keys',
  'user_roles',
  'coupons',
  'migration_log',
  'audit_log',
] as const;

async function snapshot() {
  const out: Record<string, Array<[string, string]>> = {};
  for (const name of WATCHED) {
    const snap = await h.db.collection(name).get();
    out[name] = snap.docs.map((d) => [d.id, JSON.stringify(d.data())] as [string, string]).sort((a, b) => a[0].localeCompare(b[0]));
  }
  return { docs: out, counts: Object.fromEntries(WATCHED.map((n) => [n, out[n]!.length])), authUsers: h.auth.users.size };
}

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

beforeAll(async () => {
  h = await startHarness();
  user = await signUp(h, 'plain_user');
  admin = await signUp(h, 'admin_only');
  superAdmin = await signUp(h, 'boss_admin');
  await setRoles(admin.uid, ['admin', 'user']);
  await setRoles(superAdmin.uid, ['super_admin', 'user']);
  await h.db.collection('coupons').doc('GOOD10').set({ code: 'GOOD10', tokens: 10, max_redemptions: null, expires_at: null, redemptions: 0 });
  // A claim whose transfer may have gone through (the settle route's bad bodies are refused all the same), and one sent.
  const claim = {
    user_id: user.uid,
    run_id: 'bad_input',
    snapshot_balance: 50,
    claim_pending: true,
    claim_unresolved: true,
    claim_attempted_at: '2026-03-01T11:00:00.000Z',
  };
  await h.db.collection('migration_log').doc(CLAIM).set(claim);
  await h.db
    .collection('migration_log')
    .doc(SENT_CLAIM)
    .set({ ...claim, claim_pending: false, claim_unresolved: false, solana_tx_hash: 'ab'.repeat(32) });
});
afterAll(() => h.close());

type Case = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token?: () => string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** The status, or the statuses that are equally right (e.g. 400 or 404 for an impossible id). */
  status: number | number[];
  /** The exact message, or a pattern it must match. */
  message?: string | RegExp;
  code?: string;
};

/** migration_log entries: an unresolved claim, and a claim already sent. */
const CLAIM = 'bad_input_claim';
const SENT_CLAIM = 'bad_input_sent_claim';
const CLAIMS = '/api/cms/migration/claims';
const SETTLE = `${CLAIMS}/${CLAIM}/settle`;
const NOT_SENT = { outcome: 'not_sent' };

const SIGNUP_OK = { username: 'fresh_one', email: 'fresh_one@example.test', password: 'secret123' };
const HUGE = JSON.stringify({ code: 'x'.repeat(70 * 1024) });
const tokenOf = (who: () => { token: string }) => () => who().token;
const U = tokenOf(() => user);
const A = tokenOf(() => admin);
const S = tokenOf(() => superAdmin);
const ghost = () => GHOST;

const BAD_HASH = `tx_hash: ${MIGRATION_MSG.badTxHash}`;
/** A settle call by the super admin on the unresolved claim, refused as a 400 unless `over` says otherwise. */
const settleCase = (name: string, over: Partial<Case>): Case => ({
  name: `settle claim: ${name}`,
  method: 'POST',
  path: SETTLE,
  token: S,
  body: NOT_SENT,
  status: 400,
  ...over,
});

/** Wrong or missing credentials, for any endpoint: checked before anything else happens. */
const authCases = (method: 'GET' | 'POST', path: string, body?: unknown): Case[] => [
  { name: `${method} ${path}: bad bearer token`, method, path, body, token: () => 'not-a-valid-token', status: 401, message: 'Invalid or expired token', code: 'unauthenticated' },
  {
    name: `${method} ${path}: non-Bearer Authorization header`,
    method,
    path,
    body,
    headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    status: 401,
    message: 'Malformed Authorization header',
    code: 'unauthenticated',
  },
];

/** Body-parser failures, for any POST endpoint. */
const bodyCases = (path: string, token?: () => string): Case[] => [
  { name: `POST ${path}: malformed JSON`, method: 'POST', path, token, raw: '{"code": "x",', status: 400, message: 'Malformed JSON body', code: 'invalid_argument' },
  { name: `POST ${path}: JSON that is not an object or array`, method: 'POST', path, token, raw: '"just a string"', status: 400, message: 'Malformed JSON body' },
  { name: `POST ${path}: body over 64 kb`, method: 'POST', path, token, raw: HUGE, status: 413, message: 'Request body too large', code: 'payload_too_large' },
];

const cases: Case[] = [
  // --- POST /api/mail/unsubscribe (public): a body's fields are read as sent, whatever their types
  { name: 'unsubscribe: a number for u', method: 'POST', path: '/api/mail/unsubscribe', body: { u: 1, t: [] }, status: 400, message: /^u: .*expected string, received number/ },
  // --- POST /api/accounts/password-reset (public)
  ...bodyCases('/api/accounts/password-reset'),
  { name: 'password reset: no body', method: 'POST', path: '/api/accounts/password-reset', status: 400, message: /expected object/ },
  { name: 'password reset: not an address', method: 'POST', path: '/api/accounts/password-reset', body: { email: 'nobody' }, status: 400, message: 'email: Invalid email address' },
  { name: 'password reset: a number for the address', method: 'POST', path: '/api/accounts/password-reset', body: { email: 42 }, status: 400, message: /^email: / },
  { name: 'password reset: an unknown field', method: 'POST', path: '/api/accounts/password-reset', body: { email: 'a@b.test', uid: 'x' }, status: 400, message: /uid/ },
  // --- POST /api/accounts/signup (public)
  ...authCases('POST', '/api/accounts/signup', SIGNUP_OK),
  ...bodyCases('/api/accounts/signup'),
  { name: 'signup: body is an array', method: 'POST', path: '/api/accounts/signup', body: [SIGNUP_OK], status: 400, message: /expected object, received array/ },
  { name: 'signup: no body at all', method: 'POST', path: '/api/accounts/signup', status: 400, message: /expected object/ },
  {
    name: 'signup: JSON sent as text/plain',
    method: 'POST',
    path: '/api/accounts/signup',
    raw: JSON.stringify(SIGNUP_OK),
    headers: { 'Content-Type': 'text/plain' },
    status: 415,
    message: 'Expected an application/json body',
    code: 'bad_request',
  },
  { name: 'signup: JSON sent as a url-encoded form (dropped)', method: 'POST', path: '/api/accounts/signup', raw: JSON.stringify(SIGNUP_OK), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, status: 400, message: /expected object/ },
  { name: 'signup: JSON sent without a content type', method: 'POST', path: '/api/accounts/signup', raw: JSON.stringify(SIGNUP_OK), headers: { 'Content-Type': '' }, status: 415, message: 'Expected an application/json body' },
  { name: 'signup: JSON in an unsupported charset', method: 'POST', path: '/api/accounts/signup', raw: JSON.stringify(SIGNUP_OK), headers: { 'Content-Type': 'application/json; charset=latin1' }, status: 415, code: 'bad_request' },
  { name: 'signup: missing email', method: 'POST', path: '/api/accounts/signup', body: { username: 'fresh_one', password: 'secret123' }, status: 400, message: /^email: / },
  { name: 'signup: missing password', method: 'POST', path: '/api/accounts/signup', body: { username: 'fresh_one', email: 'f@example.test' }, status: 400, message: /^password: / },
  { name: 'signup: missing username', method: 'POST', path: '/api/accounts/signup', body: { email: 'f@example.test', password: 'secret123' }, status: 400, message: /^username: / },
  { name: 'signup: username is a number', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, username: 12345 }, status: 400, message: /^username: / },
  { name: 'signup: username too long', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, username: 'a'.repeat(21) }, status: 400, message: 'username: Username must be 3 to 20 characters' },
  { name: 'signup: invalid email', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, email: 'not-an-email' }, status: 400, message: /^email: / },
  { name: 'signup: password too short', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, password: '123' }, status: 400, message: 'password: Password must be at least 6 characters' },
  { name: 'signup: password is an object', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, password: { p: 'secret123' } }, status: 400, message: /^password: / },
  { name: 'signup: referral_code is a number', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, referral_code: 7 }, status: 400, message: /^referral_code: / },
  { name: 'signup: coupon too long', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, coupon: 'C'.repeat(65) }, status: 400, message: /^coupon: / },
  { name: 'signup: unknown extra field', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, role: 'super_admin' }, status: 400, message: 'Unrecognized key: "role"' },
  { name: 'signup: __proto__ key', method: 'POST', path: '/api/accounts/signup', raw: JSON.stringify(SIGNUP_OK).replace(/}$/, ',"__proto__":{"x":1}}'), status: 400, message: /Unrecognized key/ },
  { name: 'signup: a password of spaces', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, password: '      ' }, status: 400, message: 'password: Password must not be only spaces' },
  { name: 'signup: taken username', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, username: 'PLAIN_USER' }, status: 409, message: 'Username already taken' },
  { name: 'signup: email already in use', method: 'POST', path: '/api/accounts/signup', body: { ...SIGNUP_OK, email: 'plain_user@example.test' }, status: 409, message: 'Email already in use' },

  // --- POST /api/accounts/ensure-profile (signed in)
  { name: 'ensure-profile: no auth', method: 'POST', path: '/api/accounts/ensure-profile', body: {}, status: 401, message: 'Sign in required', code: 'unauthenticated' },
  ...authCases('POST', '/api/accounts/ensure-profile', {}),
  ...bodyCases('/api/accounts/ensure-profile', ghost),
  { name: 'ensure-profile: body is an array', method: 'POST', path: '/api/accounts/ensure-profile', token: ghost, body: [], status: 400, message: /expected object, received array/ },
  { name: 'ensure-profile: referral_code is a number', method: 'POST', path: '/api/accounts/ensure-profile', token: ghost, body: { referral_code: 1 }, status: 400, message: /^referral_code: / },
  { name: 'ensure-profile: unknown extra field', method: 'POST', path: '/api/accounts/ensure-profile', token: ghost, body: { username: 'chosen' }, status: 400, message: 'Unrecognized key: "username"' },

  // --- GET /api/accounts/username/:username (public)
  ...authCases('GET', '/api/accounts/username/plain_user'),
  { name: 'username lookup: over 200 characters', method: 'GET', path: `/api/accounts/username/${'a'.repeat(201)}`, status: 400, message: /^username: / },

  // --- POST /api/accounts/wallet (signed in)
  { name: 'wallet: no auth', method: 'POST', path: '/api/accounts/wallet', body: { wallet_address: WALLET }, status: 401, message: 'Sign in required' },
  ...authCases('POST', '/api/accounts/wallet', { wallet_address: WALLET }),
  ...bodyCases('/api/accounts/wallet', U),
  { name: 'wallet: missing wallet_address', method: 'POST', path: '/api/accounts/wallet', token: U, body: {}, status: 400, message: /^wallet_address: / },
  { name: 'wallet: wallet_address is a number', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: 123 }, status: 400, message: /^wallet_address: / },
  { name: 'wallet: blank wallet_address', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: '   ' }, status: 400, message: 'wallet_address: Wallet address is required' },
  { name: 'wallet: wallet_address with symbols', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: 'ab/../cd' }, status: 400, message: 'wallet_address: Wallet address may contain only letters and digits' },
  { name: 'wallet: wallet_address too long', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: 'a'.repeat(129) }, status: 400, message: /^wallet_address: / },
  { name: 'wallet: not a Solana address (too short)', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: 'abc123' }, status: 400, message: 'wallet_address: Enter a Solana wallet address: 32 to 44 letters and digits, without 0, O, I or l' },
  { name: 'wallet: not a Solana address (an Ethereum one)', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7' }, status: 400, message: 'wallet_address: Enter a Solana wallet address: 32 to 44 letters and digits, without 0, O, I or l' },
  { name: 'wallet: Solana\'s form but not a 32-byte key', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: malformedSolanaWallet }, status: 400, message: `wallet_address: ${WALLET_KEY_MESSAGE}` },
  { name: 'wallet: unknown extra field', method: 'POST', path: '/api/accounts/wallet', token: U, body: { wallet_address: WALLET, user_id: 'someone' }, status: 400, message: 'Unrecognized key: "user_id"' },
  { name: 'wallet: body is an array', method: 'POST', path: '/api/accounts/wallet', token: U, body: [{ wallet_address: WALLET }], status: 400 },
  { name: 'wallet: caller without a profile', method: 'POST', path: '/api/accounts/wallet', token: ghost, body: { wallet_address: WALLET }, status: 404, message: 'Profile not found', code: 'not_found' },

  // --- GET /api/marketplace/search (public; tests/api/marketplace-search.test.ts checks that nothing is read)
  { name: 'marketplace search: no section', method: 'GET', path: '/api/marketplace/search', status: 400, message: /^section: / },
  { name: 'marketplace search: unknown genre', method: 'GET', path: '/api/marketplace/search?section=basic&genre=Polka', status: 400, message: /^genre: / },
  { name: 'marketplace search: inverted price range', method: 'GET', path: '/api/marketplace/search?section=basic&min=50&max=10', status: 400, message: 'min: The lowest price must not be above the highest' },
  { name: 'marketplace search: price not a number', method: 'GET', path: '/api/marketplace/search?section=basic&min=ten', status: 400, message: /^min: / },
  { name: 'marketplace search: forged cursor', method: 'GET', path: '/api/marketplace/search?section=basic&cursor=eyJ2IjoxLCJpZCI6ImEiLCJoIjoieCJ9.AAAA', status: 400, message: SEARCH_BAD_CURSOR },
  { name: 'marketplace search: unknown param', method: 'GET', path: '/api/marketplace/search?section=basic&page=2', status: 400, message: /Unrecognized key/ },

  // --- GET /api/me (signed in)
  { name: 'me: no auth', method: 'GET', path: '/api/me', status: 401, message: 'Sign in required' },
  ...authCases('GET', '/api/me'),
  { name: 'me: caller without a profile', method: 'GET', path: '/api/me', token: ghost, status: 404, message: 'Profile not found' },

  // --- POST /api/tokens/claim-daily (signed in)
  { name: 'claim-daily: no auth', method: 'POST', path: '/api/tokens/claim-daily', status: 401, message: 'Sign in required' },
  ...authCases('POST', '/api/tokens/claim-daily'),
  ...bodyCases('/api/tokens/claim-daily', U),
  { name: 'claim-daily: a text body', method: 'POST', path: '/api/tokens/claim-daily', token: U, raw: 'claim', headers: { 'Content-Type': 'text/plain' }, status: 415, message: 'Expected an application/json body' },
  { name: 'claim-daily: caller without a profile', method: 'POST', path: '/api/tokens/claim-daily', token: ghost, status: 404, message: 'Profile not found' },

  // --- POST /api/coupons/redeem (signed in)
  { name: 'redeem: no auth', method: 'POST', path: '/api/coupons/redeem', body: { code: 'GOOD10' }, status: 401, message: 'Sign in required' },
  ...authCases('POST', '/api/coupons/redeem', { code: 'GOOD10' }),
  ...bodyCases('/api/coupons/redeem', U),
  { name: 'redeem: missing code', method: 'POST', path: '/api/coupons/redeem', token: U, body: {}, status: 400, message: /^code: / },
  { name: 'redeem: code is a number', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: 10 }, status: 400, message: /^code: / },
  { name: 'redeem: empty code', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: '' }, status: 400, message: 'Coupon code is invalid' },

  { name: 'redeem: code over 64 characters', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: 'G'.repeat(65) }, status: 400, message: /^code: / },
  { name: 'redeem: unknown extra field', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: 'GOOD10', tokens: 1000 }, status: 400, message: 'Unrecognized key: "tokens"' },
  { name: 'redeem: body is an array', method: 'POST', path: '/api/coupons/redeem', token: U, body: ['GOOD10'], status: 400 },
  { name: 'redeem: unknown code', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: 'NOPE' }, status: 400, message: 'Coupon code is invalid' },
  // A code that is blank once trimmed, or that is not a plain document id, is still just an invalid code.
  { name: 'redeem: whitespace-only code', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: '   ' }, status: 400, message: 'Coupon code is invalid' },
  { name: 'redeem: code with a slash', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: 'GOOD/10' }, status: 400, message: 'Coupon code is invalid' },
  { name: 'redeem: reserved id', method: 'POST', path: '/api/coupons/redeem', token: U, body: { code: '__promo__' }, status: 400, message: 'Coupon code is invalid' },
  { name: 'redeem: caller without a profile', method: 'POST', path: '/api/coupons/redeem', token: ghost, body: { code: 'GOOD10' }, status: 404, message: 'Profile not found' },

  // --- POST /api/admin/tokens/adjust (super admin)
  { name: 'adjust: no auth', method: 'POST', path: '/api/admin/tokens/adjust', body: { user_id: 'x', delta: 5 }, status: 401, message: 'Sign in required' },
  ...authCases('POST', '/api/admin/tokens/adjust', { user_id: 'x', delta: 5 }),
  ...bodyCases('/api/admin/tokens/adjust', S),
  { name: 'adjust: plain user', method: 'POST', path: '/api/admin/tokens/adjust', token: U, body: { user_id: 'x', delta: 5 }, status: 403, message: 'Only super admins can adjust tokens', code: 'forbidden' },
  { name: 'adjust: admin who is not super admin', method: 'POST', path: '/api/admin/tokens/adjust', token: A, body: { user_id: 'x', delta: 5 }, status: 403, message: 'Only super admins can adjust tokens' },
  { name: 'adjust: caller without a profile', method: 'POST', path: '/api/admin/tokens/adjust', token: ghost, body: { user_id: 'x', delta: 5 }, status: 403, message: 'Only super admins can adjust tokens' },
  { name: 'adjust: missing delta', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x' }, status: 400, message: /^delta: / },
  { name: 'adjust: missing user_id', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { delta: 5 }, status: 400, message: /^user_id: / },
  { name: 'adjust: delta as a string', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: '5' }, status: 400, message: /^delta: / },
  { name: 'adjust: fractional delta', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: 1.5 }, status: 400, message: /^delta: / },
  { name: 'adjust: zero delta', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: 0 }, status: 400, message: 'delta: Must not be 0' },
  { name: 'adjust: enormous delta', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: 1e300 }, status: 400, message: /^delta: / },
  { name: 'adjust: delta over a million', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: 1_000_001 }, status: 400, message: 'delta: Must be at most 1,000,000 tokens either way' },
  { name: 'adjust: empty user_id', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: '', delta: 5 }, status: 400, message: /^user_id: / },
  { name: 'adjust: user_id is a number', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 42, delta: 5 }, status: 400, message: /^user_id: / },
  { name: 'adjust: unknown extra field', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'x', delta: 5, reason: 'gift' }, status: 400, message: 'Unrecognized key: "reason"' },
  { name: 'adjust: body is an array', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: [{ user_id: 'x', delta: 5 }], status: 400 },
  { name: 'adjust: unknown user', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'nobody_at_all', delta: 5 }, status: 404, message: 'User not found' },
  { name: 'adjust: user_id that is a path', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'a/b', delta: 5 }, status: [400, 404] },
  { name: 'adjust: below zero', method: 'POST', path: '/api/admin/tokens/adjust', token: S, body: { user_id: 'PLAIN', delta: -51 }, status: 400, message: 'Cannot set negative balance' },

  // --- POST /api/admin/roles (super admin)
  { name: 'roles: no auth', method: 'POST', path: '/api/admin/roles', body: { user_id: 'x', role: 'admin', action: 'grant' }, status: 401, message: 'Sign in required' },
  ...authCases('POST', '/api/admin/roles', { user_id: 'x', role: 'admin', action: 'grant' }),
  ...bodyCases('/api/admin/roles', S),
  { name: 'roles: plain user', method: 'POST', path: '/api/admin/roles', token: U, body: { user_id: 'PLAIN', role: 'admin', action: 'grant' }, status: 403, message: 'Only super admins can manage roles', code: 'forbidden' },
  { name: 'roles: admin who is not super admin', method: 'POST', path: '/api/admin/roles', token: A, body: { user_id: 'PLAIN', role: 'admin', action: 'grant' }, status: 403, message: 'Only super admins can manage roles' },
  { name: 'roles: the user role', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: 'user', action: 'revoke' }, status: 400, message: /^role: / },
  { name: 'roles: unknown role', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: 'owner', action: 'grant' }, status: 400, message: /^role: / },
  { name: 'roles: unknown action', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: 'admin', action: 'toggle' }, status: 400, message: /^action: / },
  { name: 'roles: missing action', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: 'admin' }, status: 400, message: /^action: / },
  { name: 'roles: role is an array', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: ['admin'], action: 'grant' }, status: 400, message: /^role: / },
  { name: 'roles: unknown extra field', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'PLAIN', role: 'admin', action: 'grant', roles: ['super_admin'] }, status: 400, message: 'Unrecognized key: "roles"' },
  { name: 'roles: body is an array', method: 'POST', path: '/api/admin/roles', token: S, body: [], status: 400 },
  { name: 'roles: unknown user', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'nobody_at_all', role: 'admin', action: 'grant' }, status: 404, message: 'User not found' },
  { name: 'roles: user_id that is a path', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'a/b', role: 'admin', action: 'grant' }, status: [400, 404] },
  { name: 'roles: revoking your own super admin role', method: 'POST', path: '/api/admin/roles', token: S, body: { user_id: 'SUPER', role: 'super_admin', action: 'revoke' }, status: 400, message: 'You cannot remove your own super admin role' },

  // --- GET /api/cms/migration/claims and POST /api/cms/migration/claims/:id/settle (super admin)
  ...authCases('GET', CLAIMS),
  { name: 'claims: no auth', method: 'GET', path: CLAIMS, status: 401, message: 'Sign in required' },
  { name: 'claims: admin who is not super admin', method: 'GET', path: CLAIMS, token: A, status: 403, message: MIGRATION_MSG.onlySuperAdmins },
  { name: 'settle claim: no auth', method: 'POST', path: SETTLE, body: NOT_SENT, status: 401, message: 'Sign in required' },
  ...authCases('POST', SETTLE, NOT_SENT),
  ...bodyCases(SETTLE, S),
  settleCase('plain user', { token: U, status: 403, message: MIGRATION_MSG.onlySuperAdmins, code: 'forbidden' }),
  settleCase('admin who is not super admin', { token: A, status: 403, message: MIGRATION_MSG.onlySuperAdmins }),
  settleCase('no body', { body: undefined }),
  settleCase('missing outcome', { body: {}, message: /^outcome: / }),
  settleCase('unknown outcome', { body: { outcome: 'lost' }, message: /^outcome: / }),
  settleCase('sent without a hash', { body: { outcome: 'sent' }, message: /^tx_hash: / }),
  settleCase('hash with symbols', { body: { outcome: 'sent', tx_hash: `0x${'ab'.repeat(31)}/x` }, message: BAD_HASH }),
  settleCase('hash too short', { body: { outcome: 'sent', tx_hash: 'abc' }, message: BAD_HASH }),
  settleCase('hash is a number', { body: { outcome: 'sent', tx_hash: 1e40 }, message: /^tx_hash: / }),
  settleCase('a hash when not sent', { body: { outcome: 'not_sent', tx_hash: 'ab'.repeat(32) }, message: 'Unrecognized key: "tx_hash"' }),
  settleCase('unknown extra field', { body: { outcome: 'not_sent', user_id: 'x' }, message: 'Unrecognized key: "user_id"' }),
  settleCase('body is an array', { body: [NOT_SENT] }),
  settleCase('reserved id', { path: `${CLAIMS}/__x__/settle`, message: /^id: / }),
  settleCase('unknown claim', { path: `${CLAIMS}/no_such_claim/settle`, status: 404, message: MIGRATION_MSG.claimNotFound, code: 'not_found' }),
  settleCase('a claim already sent', { path: `${CLAIMS}/${SENT_CLAIM}/settle`, status: 409, message: MIGRATION_MSG.claimNotUnresolved, code: 'conflict' }),

  // --- GET /api/public/migration, /api/public/config and /api/public/leaderboards (public)
  ...authCases('GET', '/api/public/migration'),
  ...authCases('GET', '/api/public/config'),
  ...authCases('GET', '/api/public/leaderboards'),
  { name: 'public endpoint, wrong method', method: 'POST', path: '/api/public/config', token: S, body: { data: {} }, status: 404, message: 'No such endpoint' },

  // --- GET /api/sync/stream (SSE; validation happens before the stream starts)
  ...authCases('GET', '/api/sync/stream?collections=profiles'),
  { name: 'stream: no collections', method: 'GET', path: '/api/sync/stream', token: U, status: 400, message: /^collections: / },
  { name: 'stream: empty collections', method: 'GET', path: '/api/sync/stream?collections=', token: U, status: 400, message: /^collections: / },
  { name: 'stream: unknown collection', method: 'GET', path: '/api/sync/stream?collections=profiles,token_ledger', token: U, status: 400, message: /^collections\.1: / },
  { name: 'stream: unknown query parameter', method: 'GET', path: '/api/sync/stream?collections=profiles&since=0', token: U, status: 400, message: 'Unrecognized key: "since"' },
  { name: 'stream: collections repeated', method: 'GET', path: '/api/sync/stream?collections=profiles&collections=user_roles', token: U, status: 400, message: /^collections: / },

  // --- GET /api/sync/:collection/pull
  ...authCases('GET', '/api/sync/profiles/pull'),
  { name: 'pull: unknown collection', method: 'GET', path: '/api/sync/token_ledger/pull', token: U, status: 400, message: /^collection: / },
  { name: 'pull: limit over 200', method: 'GET', path: '/api/sync/profiles/pull?limit=201', token: U, status: 400, message: /^limit: / },
  { name: 'pull: limit 0', method: 'GET', path: '/api/sync/profiles/pull?limit=0', token: U, status: 400, message: /^limit: / },
  { name: 'pull: limit not a number', method: 'GET', path: '/api/sync/profiles/pull?limit=ten', token: U, status: 400, message: /^limit: / },
  { name: 'pull: negative updatedAt', method: 'GET', path: '/api/sync/profiles/pull?id=x&updatedAt=-1', token: U, status: 400, message: /^updatedAt: / },
  { name: 'pull: fractional updatedAt', method: 'GET', path: '/api/sync/profiles/pull?id=x&updatedAt=1.5', token: U, status: 400, message: /^updatedAt: / },
  { name: 'pull: id repeated', method: 'GET', path: '/api/sync/profiles/pull?id=a&id=b&updatedAt=1', token: U, status: 400, message: /^id: / },
  { name: 'pull: unknown query parameter', method: 'GET', path: '/api/sync/profiles/pull?user_id=someone', token: U, status: 400, message: 'Unrecognized key: "user_id"' },
  // A checkpoint id is whatever the client sends back; one that is not a document id is a 400.
  { name: 'pull: checkpoint id that is a path', method: 'GET', path: '/api/sync/profiles/pull?id=a%2Fb&updatedAt=1', token: U, status: 400 },
  { name: 'pull: empty checkpoint id', method: 'GET', path: '/api/sync/profiles/pull?id=&updatedAt=1', token: U, status: 400 },

  // --- Endpoints that do not exist
  { name: 'unknown endpoint', method: 'GET', path: '/api/nothing/here', status: 404, message: 'No such endpoint', code: 'not_found' },
  { name: 'unknown POST endpoint', method: 'POST', path: '/api/tokens/claim-weekly', token: U, body: {}, status: 404, message: 'No such endpoint' },
  { name: 'known path, wrong method', method: 'GET', path: '/api/tokens/claim-daily', token: U, status: 404, message: 'No such endpoint' },
  { name: 'known path, wrong method (POST /api/me)', method: 'POST', path: '/api/me', token: U, body: {}, status: 404, message: 'No such endpoint' },
  { name: 'username lookup without a username', method: 'GET', path: '/api/accounts/username/', status: 404, message: 'No such endpoint' },
  { name: 'the old in-API demo radio (the station is its own server now)', method: 'GET', path: '/api/radio/demo/nowplaying', status: 404, message: 'No such endpoint' },
];

/** Some cases name users that only exist once beforeAll ran. */
function resolveBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const ids: Record<string, string> = { PLAIN: user.uid, SUPER: superAdmin.uid };
  const b = body as Record<string, unknown>;
  return typeof b.user_id === 'string' && b.user_id in ids ? { ...b, user_id: ids[b.user_id] } : body;
}

describe('bad input on every endpoint', () => {
  it.each(cases)('$name → $status', async (c) => {
    const before = await snapshot();
    const res = await h.call(c.method, c.path, { token: c.token?.(), body: resolveBody(c.body), raw: c.raw, headers: c.headers });
    if (Array.isArray(c.status)) expect(c.status, JSON.stringify(res.body)).toContain(res.status);
    else expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    expect(res.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(res.body.error.message.length).toBeGreaterThan(0);
    if (c.code) expect(res.body.error.code).toBe(c.code);
    if (typeof c.message === 'string') expect(res.body.error.message).toBe(c.message);
    else if (c.message) expect(res.body.error.message).toMatch(c.message);
    const after = await snapshot();
    expect(after.counts).toEqual(before.counts);
    expect(after.docs).toEqual(before.docs);
    expect(after.authUsers).toBe(before.authUsers);
  });

  it('answers a failed coupon redemption in the one error shape, like every route', async () => {
    const res = await h.call('POST', '/api/coupons/redeem', { token: user.token, body: { code: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_argument', message: 'Coupon code is invalid' } });
  });

  it('reports a malformed coupon given at sign-up as a failed coupon, not a failed sign-up', async () => {
    const res = await h.call('POST', '/api/accounts/signup', {
      body: { username: 'slash_coupon', email: 'slash_coupon@example.test', password: 'secret123', coupon: 'bad/code' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ username: 'slash_coupon', balance: 50, coupon: { success: false } });
  });

  it('still serves valid requests after all of that (the harness itself is sound)', async () => {
    const me = await h.call('GET', '/api/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ balance: 50, roles: ['user'] });
    const wallet = await h.call('POST', '/api/accounts/wallet', { token: user.token, body: { wallet_address: WALLET } });
    expect(wallet.status).toBe(200);
    const again = await h.call('POST', '/api/accounts/wallet', { token: user.token, body: { wallet_address: solanaWallet('another') } });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: 'Wallet address is already saved' });
  });
});
