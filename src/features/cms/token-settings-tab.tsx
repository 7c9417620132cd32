import { LaterPanel } from './later-panel';

/**
 * The token economy settings form: the Token Economy tab ('tokens', admins) and the Config tab
 * ('config', super admins: the same form plus the migration settings).
 */
export function TokenSettingsTab({ mode }: { mode: 'tokens' | 'config' }) {
  return mode === 'tokens' ? (
    <LaterPanel title="Token Economy Settings">Configure token pricing, rewards and costs.</LaterPanel>
  ) : (
    <LaterPanel title="System Configuration">The token economy settings form, for super admins.</LaterPanel>
  );
}
