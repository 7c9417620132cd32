import { describe, expect, it } from 'vitest';
import { auditLines, auditValue } from './audit-format';

describe('auditValue', () => {
  it('shows nothing as a dash, a list as its items and anything larger as JSON', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue(undefined)).toBe('—');
    expect(auditValue(['admin', 'user'])).toBe('admin, user');
    expect(auditValue({ daily_drip: 1 })).toBe('{"daily_drip":1}');
    expect(auditValue(7)).toBe('7');
  });
});

describe('auditLines', () => {
  it('shows roles and a balance as their values: the action names them', () => {
    expect(auditLines({ roles: ['admin', 'user'] }, { roles: ['user'] })).toEqual(['admin, user → user']);
    expect(auditLines({ balance: 50 }, { balance: 100 })).toEqual(['50 → 100']);
  });
  it('names every setting a config save changed', () => {
    expect(auditLines({ 'pricing.daily_drip': 1 }, { 'pricing.daily_drip': 2 })).toEqual(['pricing.daily_drip: 1 → 2']);
    expect(auditLines({ 'pricing.daily_drip': 1, migration_enabled: true }, { 'pricing.daily_drip': 2, migration_enabled: false })).toEqual([
      'pricing.daily_drip: 1 → 2',
      'migration_enabled: true → false',
    ]);
  });
  it('shows a field only one side has against a dash, and an entry without fields as its values', () => {
    expect(auditLines(null, { run_id: 'r1', state: 'running' })).toEqual(['run_id: — → r1', 'state: — → running']);
    expect(auditLines(null, null)).toEqual(['— → —']);
  });
});

describe('auditLines for a track', () => {
  it('shows the track once when its title did not change, then each changed field', () => {
    expect(auditLines({ track: 'Neon Rain', status: 'pending' }, { track: 'Neon Rain', status: 'approved' })).toEqual(['track: Neon Rain', 'status: pending → approved']);
    expect(auditLines({ track: 'Old', genre: 'Pop' }, { track: 'New', genre: 'Rock' })).toEqual(['track: Old → New', 'genre: Pop → Rock']);
    expect(auditLines({ track: 'Gone', status: 'approved' }, null)).toEqual(['track: Gone → —', 'status: approved → —']);
  });
});
