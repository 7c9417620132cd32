import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@common/app-config';
import { ApiError } from '@/lib/api-error';
import { bodyFrom, saveErrorText, valuesFrom } from './settings-form';

describe('settings form', () => {
  it('shows the settings as text and saves them back as numbers', () => {
    const values = valuesFrom(DEFAULT_SETTINGS);
    expect(values['pricing.marketplace.featured']).toBe('45');
    expect(values['pricing.radio_ads.prime.60']).toBe('1600');
    const body = bodyFrom(values, null);
    expect(body).toEqual({ pricing: DEFAULT_SETTINGS.pricing, orders: DEFAULT_SETTINGS.orders });
  });

  it('turns text that does not parse into 0 and adds the migration settings only in the Config tab', () => {
    const values = { ...valuesFrom(DEFAULT_SETTINGS), 'pricing.daily_drip': 'abc', 'pricing.signup_grant': '', 'migration.user_threshold': '500' };
    const body = bodyFrom(values, { enabled: true });
    expect(body.pricing?.daily_drip).toBe(0);
    expect(body.pricing?.signup_grant).toBe(0);
    expect(body.migration).toEqual({ user_threshold: 500, migration_enabled: true });
  });

  it("names a refused field by its label, not the server's path", () => {
    const refused = (message: string, status = 400) => saveErrorText(new ApiError(status, message, null));
    expect(refused('pricing.daily_drip: Must not be negative')).toBe('Daily drip: Must not be negative');
    expect(refused('migration.user_threshold: Must be at least 1')).toBe('Migration user threshold: Must be at least 1');
    expect(refused('Only super admins can change the migration settings', 403)).toBe('Only super admins can change the migration settings');
  });
});
