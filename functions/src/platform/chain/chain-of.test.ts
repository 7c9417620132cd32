import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidWalletError, TransferNotMadeError } from './chain';
import { chainOf } from './chain-of';

const solana = { kind: 'solana', rpcUrl: 'http://127.0.0.1:9', mint: '11111111111111111111111111111111', decimals: 0 } as const;
const transfer = { userId: 'u1', wallet: 'not-a-solana-address', amount: 5, runId: 'run-1' };

describe('chainOf', () => {
  it('is none without a configuration, and the local ledger under the emulators', async () => {
    expect(chainOf(null, Date.now)).toBeNull();
    const dir = await mkdtemp(join(tmpdir(), 'chain-of-'));
    try {
      const local = chainOf({ kind: 'local', ledgerFile: join(dir, 'ledger.jsonl') }, () => 0);
      expect(local?.name).toBe('local');
      expect(await local?.transfer({ ...transfer, wallet: 'w1' })).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("loads Solana's adapter with the first transfer, which then checks the wallet as before", async () => {
    const chain = chainOf({ ...solana, payerSecretKey: JSON.stringify(Array(64).fill(1)) }, Date.now);
    expect(chain?.name).toBe('solana');
    await expect(chain?.transfer(transfer)).rejects.toBeInstanceOf(InvalidWalletError);
  });

  it('refuses each transfer as not made while the payer key is not one, so the claims stay pending', async () => {
    const chain = chainOf({ ...solana, payerSecretKey: '[1,2,3]' }, Date.now);
    for (let i = 0; i < 2; i++) {
      const refusal = chain?.transfer(transfer);
      await expect(refusal).rejects.toBeInstanceOf(TransferNotMadeError);
      await expect(refusal).rejects.toThrow('The Solana payer secret key must be 64 bytes');
    }
  });
});
