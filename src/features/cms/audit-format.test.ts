import { describe, expect, it } from 'vitest';
import { auditValue } from './audit-format';

describe('auditValue', () => {
  it('shows roles as a list and a balance as its number', () => {
    expect(auditValue({ roles: ['admin', 'user'] })).toBe('admin, user');
    expect(auditValue({ balance: 50 })).toBe('50');
  });
  it('shows nothing as a dash and anything larger as JSON', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue(undefined)).toBe('—');
    expect(auditValue({ daily_drip: 1, signup_grant: 50 })).toBe('{"daily_drip":1,"signup_grant":50}');
    expect(auditValue(7)).toBe('7');
  });
});
