/**
 * The API's configuration: read from the environment once at start and validated, with a
 * readable list of what is wrong. Secrets are declared here so that the deployed function is
 * given them; the Functions emulator reads them from functions/.secret.local.
 *
 * Nothing only the local stack needs can switch on in a deployment: it hangs on `emulated`,
 * which is true only under the Firebase emulators (FUNCTIONS_EMULATOR), never deployed.
 */
import { defineSecret } from 'firebase-functions/params';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimits } from '../../common/rate-limits';
import type { ChainEnv } from './platform/chain/chain';
import type { MailEnv } from './platform/mail/mailer';
import type { StationEnv } from './platform/station/station';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
/** Signs the marketplace search's page cursors (GET /api/marketplace/search), so a forged one is refused. */
export const CURSOR_SECRET = defineSecret('CURSOR_SECRET');
/** Every secret the `api` function reads (its `secrets:` option). */
export const API_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, CURSOR_SECRET];

/**
 * The radio station's secrets (docs/adr/0036-radio-submissions-and-the-queue.md). Not in API_SECRETS: a function that
 * lists a secret cannot deploy until it is set, and a deployment may have no station. One with a
 * station adds these to the `secrets:` of the `api` function and of the airing schedule; a
 * secret it does not use (the password or the private key) is set to `none`, which counts as unset.
 */
export const STATION_SFTP_PASSWORD = defineSecret('STATION_SFTP_PASSWORD');
export const STATION_SFTP_PRIVATE_KEY = defineSecret('STATION_SFTP_PRIVATE_KEY');
export const STATION_API_KEY = defineSecret('STATION_API_KEY');
export const STATION_SECRETS = [STATION_SFTP_PASSWORD, STATION_SFTP_PRIVATE_KEY, STATION_API_KEY];

/**
 * The token migration's Solana payer (docs/migration.md). Not in API_SECRETS, like the station's:
 * a deployment that migrates to Solana adds it to the `secrets:` of the `api` function.
 */
export const SOLANA_PAYER_SECRET_KEY = defineSecret('SOLANA_PAYER_SECRET_KEY');

/**
 * The mail sender's SMTP credentials, bound to every function like the others. SMTP_URL may carry
 * the user and password (smtps://user:pass@host:465); SMTP_PASSWORD goes with SMTP_HOST. Set
 * either to `none` when unused (a deployment without SMTP keeps its mail PENDING in `mail`).
 */
export const SMTP_URL = defineSecret('SMTP_URL');
export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD');
export const MAIL_SECRETS = [SMTP_URL, SMTP_PASSWORD];

/**
 * How token packs are paid: real Stripe Checkout; the API's own checkout page (emulators only,
 * without a Stripe key, still through the signed webhook); or not at all, with the reason.
 */
export type PaymentsEnv =
  | { mode: 'stripe'; secretKey: string; webhookSecret: string }
  | { mode: 'local'; webhookSecret: string }
  | { mode: 'off'; reason: string };

export type Env = {
  /** True only under the Firebase emulators (or the in-process test harness). */
  emulated: boolean;
  /**
   * The web app's public URL, an origin (no path, no trailing slash: links append `/path` to it):
   * Stripe's return URLs and every mailed link are built on it, never on a request header.
   */
  appUrl: string;
  /** Origins allowed to call the API from a browser (CORS). */
  allowedOrigins: readonly string[];
  payments: PaymentsEnv;
  rateLimits: RateLimits;
  /** On-disk object storage with signed URLs (emulators only); deployed, Cloud Storage. */
  localStorage: { dir: string; secret: string } | null;
  /** The radio station (SFTP for files, its API for requests and now-playing), or null when none is configured. */
  station: StationEnv | null;
  /** Where the token migration sends tokens: Solana when configured, else a local file under the emulators, else none. */
  chain: ChainEnv | null;
  /** The SMTP server mail is sent through (SMTP_URL, or SMTP_HOST and its port), or null when none is configured. */
  mail: MailEnv | null;
  contest: ContestEnv;
  /**
   * The key page cursors are signed with (platform/http/cursor.ts encodeSignedCursor):
   * CURSOR_SECRET, under the emulators LOCAL_STORAGE_SECRET when it is unset. Null deployed
   * without it: the marketplace search then refuses to answer (500) rather than sign with nothing.
   */
  cursorSecret: string | null;
  /**
   * Every JSON answer is checked against its endpoint's declared schema (common/api), a mismatch
   * answered as a 500 naming it: on in the API tests, and under the emulators with
   * API_CHECK_REPLIES=1; never deployed (platform/http/mount.ts).
   */
  checkReplies: boolean;
};

/** How votes are counted and ranked (docs/adr/0027-distributed-vote-counters.md, 0029-rank-by-wilson-lower-bound.md). */
export type ContestEnv = {
  /** VOTE_SHARDS: counter shards per track; each vote increments one at random (about one write a second each). */
  voteShards: number;
  /** LEADERBOARD_MIN_VOTES: votes a track needs before the leaderboards rank it. */
  minRankedVotes: number;
};

export const DEFAULT_CONTEST_ENV: ContestEnv = { voteShards: 10, minRankedVotes: 10 };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

type Vars = Record<string, string | undefined>;

/** API_LOG=silent mutes the log (the test runs); read at each line, so a test can set it after start. */
export const logSilenced = (env: Vars = process.env): boolean => env.API_LOG === 'silent';

const origin = z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin);
const rateLimitsOverride = z.partialRecord(
  z.enum(Object.keys(DEFAULT_RATE_LIMITS) as [RateLimitName, ...RateLimitName[]]),
  z.strictObject({ max: z.int().min(1).max(1_000_000), windowSeconds: z.int().min(1).max(86_400) }),
);

function paymentsOf(env: Vars, emulated: boolean): PaymentsEnv {
  const key = setValue(env.STRIPE_SECRET_KEY) ?? '';
  // `none` fills a secret a deployment does not use: as a signing key, anyone could sign with it.
  const webhookSecret = setValue(env.STRIPE_WEBHOOK_SECRET);
  const isStripeKey = /^(sk|rk)_(test|live)_\w+$/.test(key);
  if (!webhookSecret) return { mode: 'off', reason: 'STRIPE_WEBHOOK_SECRET is not set' };
  if (!/^whsec_\S+$/.test(webhookSecret)) return { mode: 'off', reason: 'STRIPE_WEBHOOK_SECRET is not a Stripe signing secret (whsec_…)' };
  if (isStripeKey) return { mode: 'stripe', secretKey: key, webhookSecret };
  if (emulated) return { mode: 'local', webhookSecret };
  return { mode: 'off', reason: key ? 'STRIPE_SECRET_KEY is not a Stripe secret key' : 'STRIPE_SECRET_KEY is not set' };
}

/** A set value: trimmed, with blank and `none` (a secret a deployment does not use) as unset. */
const setValue = (v: string | undefined): string | null => {
  const t = v?.trim() ?? '';
  return t === '' || t.toLowerCase() === 'none' ? null : t;
};

const STATION_VARS = [
  'STATION_SFTP_HOST',
  'STATION_SFTP_PORT',
  'STATION_SFTP_USER',
  'STATION_SFTP_PASSWORD',
  'STATION_SFTP_PRIVATE_KEY',
  'STATION_API_URL',
  'STATION_ID',
  'STATION_API_KEY',
] as const;

/** The station, when its SFTP host, user and a credential, its API URL and its id are all set; none of them set: null. */
function stationOf(env: Vars, problems: string[]): StationEnv | null {
  const v = Object.fromEntries(STATION_VARS.map((name) => [name, setValue(env[name])])) as Record<(typeof STATION_VARS)[number], string | null>;
  if (STATION_VARS.every((name) => v[name] === null)) return null;
  const missing: string[] = [];
  if (!v.STATION_SFTP_HOST) missing.push('STATION_SFTP_HOST');
  if (!v.STATION_SFTP_USER) missing.push('STATION_SFTP_USER');
  if (!v.STATION_SFTP_PASSWORD && !v.STATION_SFTP_PRIVATE_KEY) missing.push('STATION_SFTP_PASSWORD or STATION_SFTP_PRIVATE_KEY');
  if (!v.STATION_API_URL) missing.push('STATION_API_URL');
  if (!v.STATION_ID) missing.push('STATION_ID');
  const before = problems.length;
  if (missing.length) problems.push(`Radio station: partly configured, missing ${missing.join(', ')}`);
  const port = v.STATION_SFTP_PORT === null ? 22 : Number(v.STATION_SFTP_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) problems.push(`STATION_SFTP_PORT: not a port number (${v.STATION_SFTP_PORT})`);
  const apiUrl = v.STATION_API_URL ? z.url({ protocol: /^https?$/ }).safeParse(v.STATION_API_URL) : null;
  if (apiUrl && !apiUrl.success) problems.push(`STATION_API_URL: not an http(s) URL (${v.STATION_API_URL})`);
  if (problems.length > before) return null;
  return {
    sftp: {
      host: v.STATION_SFTP_HOST!,
      port,
      username: v.STATION_SFTP_USER!,
      ...(v.STATION_SFTP_PASSWORD ? { password: v.STATION_SFTP_PASSWORD } : {}),
      ...(v.STATION_SFTP_PRIVATE_KEY ? { privateKey: v.STATION_SFTP_PRIVATE_KEY.replace(/\\n/g, '\n') } : {}),
    },
    apiUrl: v.STATION_API_URL!.replace(/\/+$/, ''),
    stationId: v.STATION_ID!,
    apiKey: v.STATION_API_KEY,
  };
}

const SOLANA_VARS = ['SOLANA_RPC_URL', 'SOLANA_MINT', 'SOLANA_PAYER_SECRET_KEY'] as const;

/** Solana when its RPC URL, mint and payer key are set; under the emulators a local file (next to the stored files by default). */
function chainOf(env: Vars, emulated: boolean, problems: string[]): ChainEnv | null {
  const v = Object.fromEntries(SOLANA_VARS.map((name) => [name, setValue(env[name])])) as Record<(typeof SOLANA_VARS)[number], string | null>;
  if (SOLANA_VARS.some((name) => v[name] !== null)) {
    const missing = SOLANA_VARS.filter((name) => v[name] === null);
    if (missing.length) problems.push(`Solana migration: partly configured, missing ${missing.join(', ')}`);
    const rpc = v.SOLANA_RPC_URL ? z.url({ protocol: /^https?$/ }).safeParse(v.SOLANA_RPC_URL) : null;
    if (rpc && !rpc.success) problems.push(`SOLANA_RPC_URL: not an http(s) URL (${v.SOLANA_RPC_URL})`);
    const decimals = env.SOLANA_MINT_DECIMALS ? Number(env.SOLANA_MINT_DECIMALS) : 0;
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) problems.push(`SOLANA_MINT_DECIMALS: not a whole number 0-18 (${env.SOLANA_MINT_DECIMALS})`);
    if (missing.length || (rpc && !rpc.success)) return null;
    return { kind: 'solana', rpcUrl: v.SOLANA_RPC_URL!, mint: v.SOLANA_MINT!, decimals, payerSecretKey: v.SOLANA_PAYER_SECRET_KEY! };
  }
  if (!emulated) return null;
  const file = setValue(env.CHAIN_LEDGER_FILE) ?? (env.LOCAL_STORAGE_DIR ? `${env.LOCAL_STORAGE_DIR.replace(/\/+$/, '')}/../chain-ledger.jsonl` : null);
  return file ? { kind: 'local', ledgerFile: file } : null;
}

/** SMTP: SMTP_URL (smtp:// or smtps://), or SMTP_HOST with SMTP_PORT (587), SMTP_SECURE, SMTP_USER, SMTP_PASSWORD; MAIL_FROM the sender. */
function mailOf(env: Vars, appUrl: string, problems: string[]): MailEnv | null {
  const url = setValue(env.SMTP_URL);
  const host = setValue(env.SMTP_HOST);
  if (!url && !host) return null;
  const before = problems.length;
  const fallbackFrom = `Fool Rate <noreply@${appUrl ? new URL(appUrl).hostname : 'localhost'}>`;
  const from = setValue(env.MAIL_FROM) ?? fallbackFrom;
  if (url && host) problems.push('SMTP_URL and SMTP_HOST: set one, not both');
  if (url && !/^smtps?:\/\/[^/]+/.test(url)) problems.push('SMTP_URL: not an smtp:// or smtps:// URL');
  const portRaw = setValue(env.SMTP_PORT);
  const port = portRaw === null ? 587 : Number(portRaw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) problems.push(`SMTP_PORT: not a port number (${portRaw})`);
  const secureRaw = setValue(env.SMTP_SECURE);
  if (secureRaw !== null && secureRaw !== 'true' && secureRaw !== 'false') problems.push(`SMTP_SECURE: expected true or false (${secureRaw})`);
  if (problems.length > before) return null;
  if (url) return { smtp: { url }, from };
  const user = setValue(env.SMTP_USER);
  const password = setValue(env.SMTP_PASSWORD);
  return {
    smtp: {
      host: host!,
      port,
      secure: secureRaw === null ? port === 465 : secureRaw === 'true',
      ...(user ? { user } : {}),
      ...(password ? { password } : {}),
    },
    from,
  };
}

/** A whole number from min to max, or the fallback when unset. */
function wholeSetting(env: Vars, name: string, min: number, max: number, fallback: number, problems: string[]): number {
  const raw = setValue(env[name]);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  problems.push(`${name}: not a whole number ${min}-${max} (${raw})`);
  return fallback;
}

function contestOf(env: Vars, problems: string[]): ContestEnv {
  const d = DEFAULT_CONTEST_ENV;
  return {
    voteShards: wholeSetting(env, 'VOTE_SHARDS', 1, 100, d.voteShards, problems),
    minRankedVotes: wholeSetting(env, 'LEADERBOARD_MIN_VOTES', 1, 100_000, d.minRankedVotes, problems),
  };
}

/** Reads and checks the configuration (the process environment unless given); throws a EnvError listing every problem. */
export function readEnv(env: Vars = process.env): Env {
  const problems: string[] = [];
  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  const project = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;

  const hosted = project ? [`https://${project}.web.app`, `https://${project}.firebaseapp.com`] : [];
  const appUrlRaw = env.APP_URL ?? hosted[0];
  let appUrl = '';
  const parsedUrl = origin.safeParse(appUrlRaw);
  if (parsedUrl.success) appUrl = parsedUrl.data;
  else problems.push(appUrlRaw ? `APP_URL: not an http(s) URL (${appUrlRaw})` : 'APP_URL: not set and no project id to derive it from');

  const extra = (env.APP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const origins = new Set<string>(appUrl ? [appUrl] : []);
  for (const o of [...hosted, ...extra]) {
    const parsed = origin.safeParse(o);
    if (parsed.success) origins.add(parsed.data);
    else problems.push(`APP_ORIGINS: not an http(s) origin (${o})`);
  }

  let rateLimits: RateLimits = DEFAULT_RATE_LIMITS;
  if (env.RATE_LIMITS) {
    let json: unknown;
    try {
      json = JSON.parse(env.RATE_LIMITS);
    } catch {
      json = undefined;
    }
    const parsed = rateLimitsOverride.safeParse(json);
    if (parsed.success) rateLimits = { ...DEFAULT_RATE_LIMITS, ...parsed.data };
    else problems.push('RATE_LIMITS: expected JSON like {"signup":{"max":10,"windowSeconds":3600}}');
  }

  let localStorage: Env['localStorage'] = null;
  if (emulated) {
    if (!env.LOCAL_STORAGE_DIR) problems.push('LOCAL_STORAGE_DIR: not set (the emulators keep files on disk)');
    if (!env.LOCAL_STORAGE_SECRET) problems.push('LOCAL_STORAGE_SECRET: not set (it signs local file URLs)');
    localStorage = { dir: env.LOCAL_STORAGE_DIR ?? '', secret: env.LOCAL_STORAGE_SECRET ?? '' };
  }
  const station = stationOf(env, problems);
  const chain = chainOf(env, emulated, problems);
  const mail = mailOf(env, appUrl, problems);
  const contest = contestOf(env, problems);
  if (problems.length) throw new EnvError(problems);
  const checkReplies = emulated && env.API_CHECK_REPLIES === '1';
  const cursorSecret = setValue(env.CURSOR_SECRET) ?? (emulated ? setValue(env.LOCAL_STORAGE_SECRET) : null);
  return { emulated, appUrl, allowedOrigins: [...origins], payments: paymentsOf(env, emulated), rateLimits, localStorage, station, chain, mail, contest, cursorSecret, checkReplies };
}
