/**
 * The blockchain the token migration sends tokens to: one implementation per target (the demo
 * stack's local file, Solana SPL transfers), injected through Deps like the station.
 */
export type ChainTransfer = {
  userId: string;
  /** The user's saved wallet address (the recipient). */
  wallet: string;
  /** Whole tokens (the snapshot balance), > 0. */
  amount: number;
  /** The migration run (or claim) the transfer belongs to. */
  runId: string;
};

export interface ChainGateway {
  /** Which target this is, for logs and the CMS ('local', 'solana'). */
  readonly name: string;
  /** Sends the tokens and resolves with the transaction hash once the chain accepted it. */
  transfer(t: ChainTransfer): Promise<string>;
}

/** Where the migration sends tokens; config.ts builds it from the environment. */
export type ChainEnv =
  | { kind: 'local'; ledgerFile: string }
  | {
      kind: 'solana';
      rpcUrl: string;
      /** The SPL token's mint address (base58). */
      mint: string;
      /** The mint's decimals: one app token is 10^decimals base units. */
      decimals: number;
      /** The payer and source-token-account owner: a 64-byte secret key as JSON array or base58. */
      payerSecretKey: string;
    };

/** The wallet cannot receive on this chain (not an address of it): no retry can help, so the run moves on and the claim stays pending. */
export class InvalidWalletError extends Error {}

/**
 * The tokens certainly did not move (the transaction was never sent, or it failed on chain), so
 * the transfer may be tried again. Any other rejection of `transfer` may hide a transfer that
 * went through (an answer lost, a confirmation that timed out): a claim is then never resent.
 */
export class TransferNotMadeError extends Error {}

/** `work`'s rejection as a TransferNotMadeError: for the steps of a transfer before anything is sent. */
export async function beforeSending<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new TransferNotMadeError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}
