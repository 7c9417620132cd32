import { spawnSync } from 'node:child_process';
import { logger, type LogEntry } from 'firebase-functions/logger';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from './log';

/** The entries handed to firebase-functions' logger (which prints each as one JSON line Cloud Logging reads). */
let entries: LogEntry[] = [];

beforeEach(() => {
  entries = [];
  vi.stubEnv('API_LOG', '');
  vi.spyOn(logger, 'write').mockImplementation((entry) => void entries.push(entry));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('log', () => {
  it('writes an error as ERROR, with its event and fields', () => {
    log.configInvalid(['APP_URL: not set']);
    log.chainTransferFailed('u1', new Error('rpc down'));
    expect(entries).toEqual([
      { severity: 'ERROR', event: 'config_invalid', message: 'config_invalid', problems: ['APP_URL: not set'] },
      { severity: 'ERROR', event: 'chain_transfer_failed', message: 'chain_transfer_failed: Error: rpc down', userId: 'u1' },
    ]);
  });

  it('writes a refused request or delivery as WARNING', () => {
    log.paymentsRefused('STRIPE_SECRET_KEY is not set');
    log.stripeEventIgnored('evt_1', 'unknown pack, user or session');
    expect(entries).toEqual([
      { severity: 'WARNING', event: 'payments_refused', message: 'payments_refused', reason: 'STRIPE_SECRET_KEY is not set' },
      { severity: 'WARNING', event: 'stripe_event_ignored', message: 'stripe_event_ignored', eventId: 'evt_1', why: 'unknown pack, user or session' },
    ]);
  });

  it('writes information as INFO', () => {
    log.seeded('marketplace');
    expect(entries).toEqual([{ severity: 'INFO', event: 'seeded', message: 'seeded', what: 'marketplace' }]);
  });

  it('keeps an unexpected error\'s stack in its message', () => {
    log.unexpectedError(new Error('boom'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ severity: 'ERROR', event: 'unexpected_error' });
    expect(entries[0]!.message).toMatch(/^unexpected_error: Error: boom\n\s+at /);
  });

  it('writes nothing with API_LOG=silent', () => {
    vi.stubEnv('API_LOG', 'silent');
    log.unexpectedError(new Error('boom'));
    log.seeded('x');
    expect(entries).toEqual([]);
  });
});

describe("firebase-functions' logger", () => {
  it('prints the entry as one JSON line, errors and warnings to stderr, the rest to stdout', () => {
    // The logger prints through the console it found when loaded: a child process shows what Cloud Logging receives.
    const script = `
      const { logger } = require('firebase-functions/logger');
      logger.write({ severity: 'ERROR', event: 'e', message: 'm' });
      logger.write({ severity: 'WARNING', event: 'w', message: 'm' });
      logger.write({ severity: 'INFO', event: 'i', message: 'm' });`;
    const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stderr.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { severity: 'ERROR', event: 'e', message: 'm' },
      { severity: 'WARNING', event: 'w', message: 'm' },
    ]);
    expect(out.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([{ severity: 'INFO', event: 'i', message: 'm' }]);
  });
});
