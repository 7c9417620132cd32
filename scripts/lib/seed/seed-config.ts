import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_MIGRATION_THRESHOLD, DEFAULT_PRICING } from '../../../common/constants';

/** app_config (spec section 9 defaults) and migration_config, unless already there. */
export async function seedBaseConfig(db: Firestore): Promise<void> {
  const { signup_grant, daily_drip, vote_session_cost, contest_entry_cost, marketplace, referral_reward } = DEFAULT_PRICING;
  await Promise.all([
    db.collection('app_config').doc('1').create({
      id: 1,
      data: { pricing: { signup_grant, daily_drip, vote_session_cost, contest_entry_cost, marketplace: { ...marketplace }, referral_reward } },
    }).catch(ignoreExists),
    db.collection('migration_config').doc('1').create({
      id: 1,
      user_threshold: DEFAULT_MIGRATION_THRESHOLD,
      migration_enabled: false,
    }).catch(ignoreExists),
  ]);
}

function ignoreExists(err: { code?: number }) {
  if (err.code !== 6) throw err;
}
