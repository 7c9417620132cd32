import { describe, expect, it } from 'vitest';
import { MIGRATION_MSG } from '@common/migration/migration-messages';
import { claimant, txHashProblem } from './claim-format';

describe('claimant', () => {
  it('names the user by username, else email, else uid', () => {
    expect(claimant({ username: 'leo', email: 'leo@example.test', user_id: 'u1' })).toBe('@leo');
    expect(claimant({ username: null, email: 'leo@example.test', user_id: 'u1' })).toBe('leo@example.test');
    expect(claimant({ username: null, email: null, user_id: 'u1' })).toBe('u1');
  });
});

describe('txHashProblem', () => {
  it('accepts the hashes the chains write, padded or not', () => {
    expect(txHashProblem('ab'.repeat(32))).toBeNull();
    expect(txHashProblem(`  ${'ab'.repeat(32)}\n`)).toBeNull();
    expect(txHashProblem('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')).toBeNull();
  });

  it('refuses what no chain writes, with the server’s message', () => {
    for (const typed of ['', 'abc123', 'a'.repeat(129), `${'ab'.repeat(16)} ${'ab'.repeat(16)}`, `0x${'ab'.repeat(20)}/`])
      expect(txHashProblem(typed)).toBe(MIGRATION_MSG.badTxHash);
  });
});
