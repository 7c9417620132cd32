import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MSG, GRANT_SETTING_MAX, GRANT_SETTINGS } from '../../common/cms/settings';
import { makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/** The settings that create tokens are the super admins' (docs/security.md, Mint tokens through settings). */
let h: Harness;
let admin: { uid: string; token: string };
let superAdmin: { uid: string; token: string };
beforeAll(async () => {
  h = await startHarness();
  admin = await signUp(h, 'gs_admin');
  await makeAdmin(h.db, admin.uid);
  superAdmin = await signUp(h, 'gs_super');
  await makeAdmin(h.db, superAdmin.uid, 'super_admin');
});
afterAll(() => h.close());

const save = (token: string, body: unknown) => h.call('POST', '/api/cms/config', { token, body });
const pricing = async () => (await h.db.collection('app_config').doc('1').get()).get('data.pricing') as Record<string, unknown>;
const audits = async () => (await h.db.collection('audit_log').get()).size;

describe('the settings that create tokens', () => {
  it('are refused to an admin, one by one, with nothing written', async () => {
    expect(GRANT_SETTINGS).toEqual(['signup_grant', 'daily_drip', 'referral_reward']);
    const before = await pricing();
    const logged = await audits();
    for (const key of GRANT_SETTINGS) {
      expect(await save(admin.token, { pricing: { [key]: 100_000 } })).toMatchObject({ status: 403, body: { error: { message: SETTINGS_MSG.grantsSuperOnly } } });
      // Beside a price the admin may change, the whole save is refused.
      expect((await save(admin.token, { pricing: { vote_session_cost: 11, [key]: 5 } })).status).toBe(403);
    }
    expect(await pricing()).toEqual(before);
    expect(await audits()).toBe(logged);
  });

  it('are refused to 20 parallel saves by an admin, and nothing is written', async () => {
    const before = await pricing();
    const logged = await audits();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => save(admin.token, { pricing: { signup_grant: 1000 - i, daily_drip: 100, referral_reward: 999 } })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    expect(await pricing()).toEqual(before);
    expect(await audits()).toBe(logged);
  });

  it('leave the prices to admins', async () => {
    const res = await save(admin.token, { pricing: { vote_session_cost: 12, marketplace: { basic: 20 } } });
    expect(res.status).toBe(200);
    expect(await pricing()).toMatchObject({ vote_session_cost: 12, marketplace: { basic: 20 } });
  });

  it('are changed by a super admin, each within its maximum', async () => {
    expect((await save(superAdmin.token, { pricing: { signup_grant: 60, daily_drip: 2, referral_reward: 15 } })).status).toBe(200);
    expect(await pricing()).toMatchObject({ signup_grant: 60, daily_drip: 2, referral_reward: 15 });
    for (const key of GRANT_SETTINGS) {
      const max = GRANT_SETTING_MAX[key];
      const refused = await save(superAdmin.token, { pricing: { [key]: max + 1 } });
      expect(refused).toMatchObject({ status: 400, body: { error: { message: `pricing.${key}: Must be at most ${max.toLocaleString('en-US')}` } } });
      expect((await save(superAdmin.token, { pricing: { [key]: max } })).status).toBe(200);
    }
    expect(await pricing()).toMatchObject({ signup_grant: 1000, daily_drip: 100, referral_reward: 1000 });
  });
});
