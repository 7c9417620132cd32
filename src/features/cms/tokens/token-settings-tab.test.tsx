import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_MSG, type AppSettings } from '@common/cms/settings';
import { apiError, stubApi, type SentRequest } from '@/test/api';
import { findToast, renderUi } from '@/test/render';
import { TokenSettingsTab } from './token-settings-tab';

// The signed-in admin's roles come from the data layer.
const me = vi.hoisted(() => ({ superAdmin: true }));
vi.mock('@/hooks/use-account', () => ({ useRoles: () => ({ roles: [], admin: true, superAdmin: me.superAdmin, loaded: true }) }));

afterEach(() => {
  me.superAdmin = true;
});

const SETTINGS: AppSettings = { ...DEFAULT_SETTINGS, pricing: { ...DEFAULT_SETTINGS.pricing, vote_session_cost: 10, daily_drip: 1 } };

/** GET /cms/config answers the settings in force; POST answers `save` (the settings after it, by default). */
function configApi(save: (req: SentRequest) => { status?: number; body?: unknown } = () => ({ body: SETTINGS })) {
  return stubApi((req) => (req.method === 'GET' ? { body: SETTINGS } : save(req)));
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('the token economy settings', () => {
  it('shows the settings in force in the spec’s groups', async () => {
    configApi();
    renderUi(<TokenSettingsTab mode="tokens" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const form = await screen.findByRole('form', { name: SETTINGS_MSG.tokensSubtitle });
    expect(within(form).getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Rewards', 'Costs', 'Radio ads', 'Orders']);
    expect(field('Vote session cost')).toHaveValue('10');
    expect(field('Daily drip')).toHaveValue('1');
    expect(field('Prime 60 s ad')).toHaveValue(String(DEFAULT_SETTINGS.pricing.radio_ads.prime['60']));
    expect(screen.queryByRole('checkbox', { name: 'Migration enabled' })).not.toBeInTheDocument();
  });

  it('Save Settings sends only what changed, parsed, and says it is saved', async () => {
    const sent = configApi(() => ({ body: { ...SETTINGS, pricing: { ...SETTINGS.pricing, vote_session_cost: 12 } } }));
    const { user } = renderUi(<TokenSettingsTab mode="tokens" />);
    await user.clear(await screen.findByRole('textbox', { name: 'Vote session cost' }));
    await user.type(field('Vote session cost'), '12');
    await user.clear(field('Cash order expiry (hours)'));
    await user.type(field('Cash order expiry (hours)'), 'soon');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await findToast(SETTINGS_MSG.saved)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/cms/config', body: { pricing: { vote_session_cost: 12 }, orders: { cash_expiry_hours: 0 } } });
    // The form shows what the server now has.
    expect(field('Vote session cost')).toHaveValue('12');
  });

  it('an admin sees the rewards read-only, says why, and never sends them', async () => {
    me.superAdmin = false;
    const sent = configApi();
    const { user } = renderUi(<TokenSettingsTab mode="tokens" />);
    const drip = await screen.findByRole('textbox', { name: 'Daily drip' });
    expect(drip).toHaveAttribute('readonly');
    expect(screen.getByRole('group', { name: 'Rewards' })).toHaveAccessibleDescription(SETTINGS_MSG.grantsSuperOnly);
    await user.type(drip, '5');
    expect(drip).toHaveValue('1');
    await user.clear(field('Radio upload cost'));
    await user.type(field('Radio upload cost'), '900');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await findToast(SETTINGS_MSG.saved);
    expect(sent.at(-1)!.body).toEqual({ pricing: { radio_upload_cost: 900 } });
  });

  it('a value the server refuses is marked on its field with the reason, and takes the focus', async () => {
    configApi(() => apiError(400, 'pricing.daily_drip: Must be at most 100'));
    const { user } = renderUi(<TokenSettingsTab mode="tokens" />);
    await user.clear(await screen.findByRole('textbox', { name: 'Daily drip' }));
    await user.type(field('Daily drip'), '500');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await findToast(SETTINGS_MSG.saveFailed)).toBeInTheDocument();
    expect(screen.getByText('Daily drip: Must be at most 100')).toBeInTheDocument();
    expect(field('Daily drip')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Daily drip')).toHaveAccessibleDescription('Must be at most 100');
    expect(field('Daily drip')).toHaveFocus();
    await user.type(field('Daily drip'), '{Backspace}');
    expect(field('Daily drip')).not.toHaveAttribute('aria-invalid');
  });

  it('the Config tab adds the migration settings, sent only when changed', async () => {
    const sent = configApi();
    const { user } = renderUi(<TokenSettingsTab mode="config" />);
    expect(await screen.findByRole('form', { name: SETTINGS_MSG.configTitle })).toBeInTheDocument();
    expect(field('Migration user threshold')).toHaveValue(String(DEFAULT_SETTINGS.migration.user_threshold));
    await user.click(screen.getByRole('checkbox', { name: 'Migration enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await findToast(SETTINGS_MSG.saved);
    expect(sent.at(-1)!.body).toEqual({ migration: { migration_enabled: true } });
  });

  it('settings that cannot load say so', async () => {
    stubApi(() => apiError(500, 'Internal error'));
    renderUi(<TokenSettingsTab mode="tokens" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MSG.loadFailed);
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });
});
