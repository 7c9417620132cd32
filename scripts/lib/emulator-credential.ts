import type { Credential } from 'firebase-admin/app';

/**
 * Emulators accept any token. Without a credential, firebase-admin falls back to Google's
 * application-default lookup, which probes the cloud metadata server: network traffic that
 * must never leave this machine.
 */
export const emulatorCredential: Credential = {
  getAccessToken: async () => ({ access_token: 'owner', expires_in: 3600 }),
};

process.env.METADATA_SERVER_DETECTION = 'none';
