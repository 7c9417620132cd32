import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../common/rate-limits';
import { EnvError, logSilenced, readEnv } from './env';
import { returnUrls } from './payments/checkout';

const deployed = { GCLOUD_PROJECT: 'foolrate-prod' };
const emulated = { ...deployed, FUNCTIONS_EMULATOR: 'true', LOCAL_STORAGE_DIR: '/tmp/files', LOCAL_STORAGE_SECRET: 'x' };

describe('readEnv', () => {
  it('turns payments off in a deployment without Stripe secrets: no local checkout, no default secret', () => {
    expect(readEnv(deployed).payments).toEqual({ mode: 'off', reason: 'STRIPE_WEBHOOK_SECRET is not set' });
    expect(readEnv({ ...deployed, STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments).toEqual({ mode: 'off', reason: 'STRIPE_SECRET_KEY is not set' });
    expect(readEnv({ ...deployed, STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments).toEqual({
      mode: 'off',
      reason: 'STRIPE_SECRET_KEY is not a Stripe secret key',
    });
    expect(readEnv({ ...deployed, STRIPE_SECRET_KEY: 'none', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments).toEqual({ mode: 'off', reason: 'STRIPE_SECRET_KEY is not set' });
    expect(readEnv({ ...deployed, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments).toEqual({
      mode: 'stripe',
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsec_1',
    });
  });

  it('never takes `none` or anything but a Stripe signing secret as the webhook secret: anyone could sign with it', () => {
    const live = { STRIPE_SECRET_KEY: 'sk_live_abc123' };
    for (const env of [deployed, emulated]) {
      expect(readEnv({ ...env, ...live, STRIPE_WEBHOOK_SECRET: 'none' }).payments).toEqual({ mode: 'off', reason: 'STRIPE_WEBHOOK_SECRET is not set' });
      expect(readEnv({ ...env, ...live, STRIPE_WEBHOOK_SECRET: ' NONE ' }).payments).toEqual({ mode: 'off', reason: 'STRIPE_WEBHOOK_SECRET is not set' });
      expect(readEnv({ ...env, ...live, STRIPE_WEBHOOK_SECRET: 'secret' }).payments).toEqual({
        mode: 'off',
        reason: 'STRIPE_WEBHOOK_SECRET is not a Stripe signing secret (whsec_…)',
      });
    }
  });

  it('chooses the migration chain: Solana when configured, the local file on the emulators, else none', () => {
    expect(readEnv(deployed).chain).toBeNull();
    expect(readEnv(emulated).chain).toEqual({ kind: 'local', ledgerFile: '/tmp/files/../chain-ledger.jsonl' });
    expect(readEnv({ ...emulated, CHAIN_LEDGER_FILE: '/tmp/chain.jsonl' }).chain).toEqual({ kind: 'local', ledgerFile: '/tmp/chain.jsonl' });
    const solana = { SOLANA_RPC_URL: 'https://rpc.example.test', SOLANA_MINT: 'Mint111', SOLANA_PAYER_SECRET_KEY: '[1,2]', SOLANA_MINT_DECIMALS: '6' };
    expect(readEnv({ ...deployed, ...solana }).chain).toEqual({ kind: 'solana', rpcUrl: 'https://rpc.example.test', mint: 'Mint111', decimals: 6, payerSecretKey: '[1,2]' });
    expect(() => readEnv({ ...deployed, SOLANA_RPC_URL: 'https://rpc.example.test', SOLANA_PAYER_SECRET_KEY: 'none' })).toThrow(
      'Solana migration: partly configured, missing SOLANA_MINT, SOLANA_PAYER_SECRET_KEY',
    );
  });

  it('offers the local checkout page only on the emulators, and only with a webhook secret', () => {
    expect(readEnv({ ...emulated, STRIPE_SECRET_KEY: 'none', STRIPE_WEBHOOK_SECRET: 'whsec_local' }).payments).toEqual({ mode: 'local', webhookSecret: 'whsec_local' });
    expect(readEnv(emulated).payments.mode).toBe('off');
    expect(readEnv({ ...emulated, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_t' }).payments.mode).toBe('stripe');
  });

  it('keeps local files, the demo radio and emulation off unless the Functions emulator says so', () => {
    const config = readEnv({ ...deployed, LOCAL_STORAGE_DIR: '/tmp/x', LOCAL_STORAGE_SECRET: 's' });
    expect(config).toMatchObject({ emulated: false, localStorage: null });
    expect(readEnv(emulated)).toMatchObject({ emulated: true, localStorage: { dir: '/tmp/files' } });
  });

  it('takes the app URL from APP_URL or the project, and allows only the app origins', () => {
    expect(readEnv(deployed)).toMatchObject({
      appUrl: 'https://foolrate-prod.web.app',
      allowedOrigins: ['https://foolrate-prod.web.app', 'https://foolrate-prod.firebaseapp.com'],
    });
    const custom = readEnv({ ...deployed, APP_URL: 'https://foolrate.app/', APP_ORIGINS: 'https://www.foolrate.app' });
    expect(custom.appUrl).toBe('https://foolrate.app');
    expect(custom.allowedOrigins).toEqual(['https://foolrate.app', 'https://foolrate-prod.web.app', 'https://foolrate-prod.firebaseapp.com', 'https://www.foolrate.app']);
    expect(returnUrls(custom.appUrl)).toEqual({
      success_url: 'https://foolrate.app/pricing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://foolrate.app/pricing?checkout=cancelled',
    });
  });

  it('reads the vote shards and the minimum of votes to be ranked, with defaults', () => {
    expect(readEnv(deployed).contest).toEqual({ voteShards: 10, minRankedVotes: 10 });
    expect(readEnv({ ...deployed, VOTE_SHARDS: '25', LEADERBOARD_MIN_VOTES: '3' }).contest).toEqual({ voteShards: 25, minRankedVotes: 3 });
    expect(() => readEnv({ ...deployed, VOTE_SHARDS: '0', LEADERBOARD_MIN_VOTES: 'ten' })).toThrow(
      'VOTE_SHARDS: not a whole number 1-100 (0)\n- LEADERBOARD_MIN_VOTES: not a whole number 1-100000 (ten)',
    );
  });

  it('reads rate-limit overrides and lists every problem at once', () => {
    expect(readEnv({ ...deployed, RATE_LIMITS: '{"signup":{"max":3,"windowSeconds":60}}' }).rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      signup: { max: 3, windowSeconds: 60 },
    });
    let problems: string[] = [];
    try {
      readEnv({ FUNCTIONS_EMULATOR: 'true', APP_URL: 'ftp://x', RATE_LIMITS: '{"signup":{"max":0}}' });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      problems = (err as EnvError).problems;
    }
    expect(problems).toEqual([
      'APP_URL: not an http(s) URL (ftp://x)',
      'RATE_LIMITS: expected JSON like {"signup":{"max":10,"windowSeconds":3600}}',
      'LOCAL_STORAGE_DIR: not set (the emulators keep files on disk)',
      'LOCAL_STORAGE_SECRET: not set (it signs local file URLs)',
    ]);
  });

  it('says what is wrong in one readable message, one line per problem', () => {
    const err = new EnvError(['APP_URL: not set and no project id to derive it from', 'LOCAL_STORAGE_SECRET: not set']);
    expect(err.message).toBe('Invalid configuration:\n- APP_URL: not set and no project id to derive it from\n- LOCAL_STORAGE_SECRET: not set');
    expect(() => readEnv({})).toThrow('APP_URL: not set and no project id to derive it from');
  });
});

describe('readEnv: the radio station', () => {
  const station = {
    STATION_SFTP_HOST: 'radio.example.com',
    STATION_SFTP_USER: 'foolrate',
    STATION_SFTP_PASSWORD: 'pw',
    STATION_API_URL: 'https://radio.example.com/',
    STATION_ID: 'foolrate_fm',
  };
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      readEnv(env);
    } catch (err) {
      return (err as EnvError).problems;
    }
    return [];
  };

  it('is null when nothing of it is set (also blank values and secrets set to none)', () => {
    expect(readEnv(deployed).station).toBeNull();
    expect(readEnv({ ...deployed, STATION_SFTP_PASSWORD: 'none', STATION_SFTP_PRIVATE_KEY: ' ', STATION_API_KEY: 'NONE' }).station).toBeNull();
  });

  it('reads SFTP (port 22 by default), the API URL without a trailing slash, the station id and an optional API key', () => {
    expect(readEnv({ ...deployed, ...station }).station).toEqual({
      sftp: { host: 'radio.example.com', port: 22, username: 'foolrate', password: 'pw' },
      apiUrl: 'https://radio.example.com',
      stationId: 'foolrate_fm',
      apiKey: null,
    });
    const keyed = readEnv({
      ...deployed,
      ...station,
      STATION_SFTP_PASSWORD: 'none',
      STATION_SFTP_PRIVATE_KEY: '-----BEGIN KEY-----\\nabc\\n-----END KEY-----',
      STATION_SFTP_PORT: '2022',
      STATION_API_KEY: 'key123',
    }).station;
    expect(keyed).toEqual({
      sftp: { host: 'radio.example.com', port: 2022, username: 'foolrate', privateKey: '-----BEGIN KEY-----\nabc\n-----END KEY-----' },
      apiUrl: 'https://radio.example.com',
      stationId: 'foolrate_fm',
      apiKey: 'key123',
    });
  });

  it('lists what is missing when it is partly set, and a bad port or URL', () => {
    expect(problemsOf({ ...deployed, STATION_SFTP_HOST: 'radio.example.com' })).toEqual([
      'Radio station: partly configured, missing STATION_SFTP_USER, STATION_SFTP_PASSWORD or STATION_SFTP_PRIVATE_KEY, STATION_API_URL, STATION_ID',
    ]);
    expect(problemsOf({ ...deployed, STATION_API_KEY: 'k' })[0]).toMatch(/^Radio station: partly configured, missing STATION_SFTP_HOST/);
    expect(problemsOf({ ...deployed, ...station, STATION_SFTP_PORT: '70000', STATION_API_URL: 'ftp://radio' })).toEqual([
      'STATION_SFTP_PORT: not a port number (70000)',
      'STATION_API_URL: not an http(s) URL (ftp://radio)',
    ]);
  });
});

describe('readEnv: mail', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      readEnv({ ...deployed, ...env });
      return [];
    } catch (err) {
      return (err as EnvError).problems;
    }
  };

  it('has no mailer unless SMTP is configured', () => {
    expect(readEnv(deployed).mail).toBeNull();
    expect(readEnv({ ...deployed, SMTP_URL: 'none' }).mail).toBeNull();
  });

  it('takes SMTP_URL as it is, or a host with its port, TLS and credentials; MAIL_FROM or a default sender', () => {
    expect(readEnv({ ...deployed, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).mail).toEqual({
      smtp: { url: 'smtps://u:p@mail.example.com:465' },
      from: 'Fool Rate <noreply@foolrate-prod.web.app>',
    });
    expect(readEnv({ ...deployed, SMTP_HOST: 'localhost', SMTP_PORT: '1025', MAIL_FROM: 'Fool Rate <hi@foolrate.app>' }).mail).toEqual({
      smtp: { host: 'localhost', port: 1025, secure: false },
      from: 'Fool Rate <hi@foolrate.app>',
    });
    expect(readEnv({ ...deployed, SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASSWORD: 'p' }).mail).toEqual({
      smtp: { host: 'smtp.example.com', port: 465, secure: true, user: 'u', password: 'p' },
      from: 'Fool Rate <noreply@foolrate-prod.web.app>',
    });
  });

  it('lists what is wrong', () => {
    expect(problemsOf({ SMTP_URL: 'http://mail', SMTP_HOST: 'x' })).toEqual(['SMTP_URL and SMTP_HOST: set one, not both', 'SMTP_URL: not an smtp:// or smtps:// URL']);
    expect(problemsOf({ SMTP_HOST: 'x', SMTP_PORT: '0', SMTP_SECURE: 'yes' })).toEqual(['SMTP_PORT: not a port number (0)', 'SMTP_SECURE: expected true or false (yes)']);
  });
});

describe('logSilenced', () => {
  it('mutes the log only for API_LOG=silent', () => {
    expect(logSilenced({ API_LOG: 'silent' })).toBe(true);
    expect(logSilenced({})).toBe(false);
    expect(logSilenced({ API_LOG: 'verbose' })).toBe(false);
  });
});
