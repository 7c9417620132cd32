import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';

/**
 * functions/.secret.local: the values of the function's declared secrets under the Functions
 * emulator (deployed they come from Secret Manager). Created on first start with local values:
 * a random webhook secret, and no Stripe key, which on the emulators means the API's own
 * checkout page. Put sk_test_… / whsec_… (from `stripe listen`) here for Stripe test mode.
 * The station's secrets are added to an older file that lacks them: the demo station's SFTP
 * password and API key (the stack starts the demo station with them; an older file's API key
 * 'none' is replaced: the demo station, as AzuraCast, wants a key for files and playlists), no private key.
 */
export async function ensureLocalSecrets(path: string): Promise<Record<string, string>> {
  if (!existsSync(path)) {
    await writeFile(
      path,
      [
        '# Secrets for the Functions emulator only (never deployed; git-ignored).',
        '# Stripe test mode: replace with your sk_test_… key and the whsec_… secret printed by `stripe listen`.',
        'STRIPE_SECRET_KEY=none',
        `STRIPE_WEBHOOK_SECRET=whsec_local_${randomBytes(24).toString('hex')}`,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
  }
  let values = await readSecrets(path);
  const missing = Object.entries(stationDefaults()).filter(([key]) => !(key in values));
  if (missing.length) {
    await appendFile(path, `# The radio station (the local demo station; docs/radio-station.md).\n${missing.map(([k, v]) => `${k}=${v}`).join('\n')}\n`);
    values = await readSecrets(path);
  }
  if (!('CURSOR_SECRET' in values)) {
    await appendFile(path, `# Signs the marketplace search's page cursors.\nCURSOR_SECRET=${randomBytes(24).toString('hex')}\n`);
    values = await readSecrets(path);
  }
  if (values.STATION_API_KEY === 'none') {
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(/^STATION_API_KEY=none$/m, `STATION_API_KEY=${randomBytes(24).toString('hex')}`), { mode: 0o600 });
    values = await readSecrets(path);
  }
  return values;
}

const stationDefaults = () => ({ STATION_SFTP_PASSWORD: randomBytes(24).toString('hex'), STATION_SFTP_PRIVATE_KEY: 'none', STATION_API_KEY: randomBytes(24).toString('hex') });

async function readSecrets(path: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) values[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** A random secret kept in `path`, made on first use (e.g. the local storage signing key). */
export async function persistentSecret(path: string): Promise<string> {
  if (existsSync(path)) return (await readFile(path, 'utf8')).trim();
  const secret = randomBytes(32).toString('hex');
  await writeFile(path, secret, { mode: 0o600 });
  return secret;
}
