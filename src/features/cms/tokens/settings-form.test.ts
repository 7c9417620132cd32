import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@common/cms/settings';
import { ApiError } from '@/lib/api/api-error';
import { bodyFrom, saveErrorText, valuesFrom } from './settings-form';

describe('settings form', () => {
  it('shows the settings as text and saves back only the fields changed, as numbers', () => {
    const loaded = valuesFrom(DEFAULT_SETTINGS);
    expect(loaded['pricing.marketplace.featured']).toBe('45');
    expect(loaded['pricing.radio_ads.prime.60']).toBe('1600');
    expect(bodyFrom(loaded, loaded, null)).toEqual({});
    const values = { ...loaded, 'pricing.radio_upload_cost': '900', 'pricing.radio_ads.prime.60': '1700' };
    // Another admin's change to a field left alone is not put back.
    expect(bodyFrom(values, loaded, null)).toEqual({ pricing: { radio_upload_cost: 900, radio_ads: { prime: { 60: 1700 } } } });
  });

  it('turns text that does not parse into 0 and adds the migration settings only in the Config tab, when changed', () => {
    const loaded = valuesFrom(DEFAULT_SETTINGS);
    const values = { ...loaded, 'pricing.daily_drip': 'abc', 'pricing.signup_grant': '', 'migration.user_threshold': '500' };
    const body = bodyFrom(values, loaded, { enabled: true, loadedEnabled: false });
    expect(body.pricing?.daily_drip).toBe(0);
    expect(body.pricing?.signup_grant).toBe(0);
    expect(body.migration).toEqual({ user_threshold: 500, migration_enabled: true });
    expect(bodyFrom(values, loaded, null).migration).toBeUndefined();
    expect(bodyFrom(loaded, loaded, { enabled: true, loadedEnabled: true })).toEqual({});
  });

  it("names a refused field by its label, not the server's path", () => {
    const refused = (message: string, status = 400) => saveErrorText(new ApiError(status, message, null));
    expect(refused('pricing.daily_drip: Must not be negative')).toBe('Daily drip: Must not be negative');
    expect(refused('migration.user_threshold: Must be at least 1')).toBe('Migration user threshold: Must be at least 1');
    expect(refused('Only super admins can change the migration settings', 403)).toBe('Only super admins can change the migration settings');
  });
});
