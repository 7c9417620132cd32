import { createHash } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { beforeSending, type ChainGateway, type ChainTransfer } from './chain';

/** The deterministic hash of a local transfer: the same user, wallet, amount and run give the same hash. */
export const localTxHash = (t: ChainTransfer): string =>
  createHash('sha256').update(`${t.userId}\n${t.wallet}\n${t.amount}\n${t.runId}`).digest('hex');

/**
 * The demo stack's chain: every transfer is one JSON line appended to a file (README: Token
 * migration), with a deterministic hash, so a run can be inspected and repeated.
 */
export class LocalChain implements ChainGateway {
  readonly name = 'local';
  constructor(
    readonly file: string,
    private readonly now: () => number,
  ) {}

  async transfer(t: ChainTransfer): Promise<string> {
    const hash = localTxHash(t);
    const line = { tx_hash: hash, user_id: t.userId, wallet: t.wallet, amount: t.amount, run_id: t.runId, at: new Date(this.now()).toISOString() };
    // The file is this chain: a line that could not be written is a transfer not made.
    await beforeSending(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      await appendFile(this.file, `${JSON.stringify(line)}\n`);
    });
    return hash;
  }
}
