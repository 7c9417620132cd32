import type { RequestHandler } from 'express';
import { usernameParams } from '../../../common/api/accounts';
import { isDocId } from '../../../common/schemas';
import { normalizeUsername } from '../../../common/accounts/username';
import { requireCaller, rolesOf } from '../platform/http/auth';
import { balanceDocOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { textOrNull } from '../platform/firestore/doc-reads';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { publicMigration } from '../migration/public-migration';
import { appConfigRef, pricingFrom } from '../tokens/pricing';


/** GET /api/accounts/username/:username — whether a (lower-cased) username exists. */
export const usernameExists =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { username } = parse(usernameParams, req.params);
    const normalized = normalizeUsername(username);
    const exists = isDocId(normalized) && (await deps.db.collection(COL.usernames).doc(normalized).get()).exists;
    res.json({ exists, username: normalized });
  };

/** GET /api/me — the caller's profile, roles, balance and last daily grant. */
export const me =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const caller = requireCaller(res);
    const [profile, balance, grant, roles] = await Promise.all([
      deps.db.collection(COL.profiles).doc(caller.uid).get(),
      deps.db.collection(COL.balances).doc(caller.uid).get(),
      deps.db.collection(COL.dailyGrants).doc(caller.uid).get(),
      rolesOf(deps, caller.uid),
    ]);
    if (!profile.exists) throw notFound('Profile not found');
    const { updatedAt: _u, _deleted: _d, ...fields } = profile.data() ?? {};
    res.json({
      profile: fields,
      roles,
      balance: balanceDocOf(balance)?.balance ?? 0,
      last_grant_date: textOrNull(grant.get('last_grant_date')),
    });
  };

/** GET /api/public/migration — the home card's countdown (live, the leaderboards stream carries it too). */
export const migrationStatus =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json(await publicMigration(deps.db));
  };

/** GET /api/public/config — the app_config pricing everyone may read, defaults filled in. */
export const publicConfig =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const snap = await appConfigRef(deps.db).get();
    res.json({ data: { pricing: pricingFrom(snap.data()) } });
  };
