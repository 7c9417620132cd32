import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../common/rate-limits';
import { startHarness, type Harness } from './harness';

/**
 * Sign-ups from many addresses (docs/security.md, Farm tokens with sign-ups): an IPv6 client is
 * counted by its /64, and a global budget sits above the per-IP limits. The production per-IP
 * limit; a global budget of 6 an hour so that a test reaches it.
 */
const BUDGET = 6;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { rateLimits: { ...DEFAULT_RATE_LIMITS, signup_global: { max: BUDGET, windowSeconds: 3600 } } } });
});
afterAll(() => h.close());

const signupFrom = (ip: string, name: string) =>
  h.call('POST', '/api/accounts/signup', { headers: { 'X-Forwarded-For': ip }, body: { username: name, email: `${name}@example.test`, password: 'secret123' } });
const profilesNamed = async (prefix: string) => (await h.db.collection('profiles').where('username', '>=', prefix).where('username', '<', `${prefix}~`).get()).size;

function expectLimited(res: { status: number; body: any }) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  expect(res.body.error.retry_after).toBeGreaterThan(0);
}

describe('sign-ups', () => {
  it('are refused from every address once the global budget of the hour is spent, with Retry-After and nothing written', async () => {
    h.clock.now = Date.parse('2026-04-02T12:00:00Z');
    const results = await Promise.all(Array.from({ length: BUDGET + 4 }, (_, i) => signupFrom(`198.51.100.${i + 1}`, `flood_${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(BUDGET);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    refused.forEach(expectLimited);
    expect(await profilesNamed('flood_')).toBe(BUDGET);
    expect([...h.auth.users.values()].filter((u) => u.email.startsWith('flood_'))).toHaveLength(BUDGET);
    // Another hour, another budget.
    h.clock.now += 3600_000;
    expect((await signupFrom('198.51.100.200', 'flood_next')).status).toBe(201);
  });

  it('from one /64 are refused past the per-IP limit while the budget still has room', async () => {
    const roomy = await startHarness({ env: { rateLimits: DEFAULT_RATE_LIMITS } });
    try {
      roomy.clock.now = Date.parse('2026-04-03T12:00:00Z');
      const max = DEFAULT_RATE_LIMITS.signup.max;
      const from = (ip: string, name: string) =>
        roomy.call('POST', '/api/accounts/signup', { headers: { 'X-Forwarded-For': ip }, body: { username: name, email: `${name}@example.test`, password: 'secret123' } });
      const statuses = [];
      for (let i = 0; i < max + 3; i++) statuses.push((await from(`2001:db8:99:5:${i.toString(16)}:1::1`, `net_${i}`)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(max);
      expect(statuses.slice(max)).toEqual([429, 429, 429]);
      // The next /64 is another client.
      expect((await from('2001:db8:99:6::1', 'net_other')).status).toBe(201);
    } finally {
      await roomy.close();
    }
  });
});
