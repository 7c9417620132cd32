import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithinSizeLimit,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Commitment,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { beforeSending, InvalidWalletError, TransferNotMadeError, type ChainGateway, type ChainTransfer } from './chain';

/**
 * SPL token transfers on Solana with @solana/kit and @solana-program/token: one transaction with
 * two instructions (create the recipient's associated token account if missing, then
 * TransferChecked from the payer's), signed by the payer and sent over JSON-RPC, then confirmed by
 * polling its status.
 */

/** The three RPC methods a transfer uses: kit's `createSolanaRpc(url)` in production, a fake in tests. */
export type SolanaRpc = {
  getLatestBlockhash(config: { commitment: Commitment }): {
    send(): Promise<{ value: { blockhash: Blockhash; lastValidBlockHeight: bigint } }>;
  };
  sendTransaction(
    wire: Base64EncodedWireTransaction,
    config: { encoding: 'base64'; preflightCommitment: Commitment },
  ): { send(): Promise<Signature> };
  getSignatureStatuses(signatures: readonly Signature[]): {
    send(): Promise<{ value: readonly ({ err: unknown; confirmationStatus: Commitment | null } | null)[] }>;
  };
};

/** The JSON-RPC endpoint in SOLANA_RPC_URL (devnet or mainnet). */
export const solanaRpc = (url: string): SolanaRpc => createSolanaRpc(url);

/** The 64 bytes of a Solana secret key (seed, then public key): a JSON array as solana-keygen writes it, or base58. */
export function secretKeyBytes(secret: string): Uint8Array {
  const trimmed = secret.trim();
  let bytes: Uint8Array;
  try {
    bytes = trimmed.startsWith('[') ? Uint8Array.from(JSON.parse(trimmed) as number[]) : new Uint8Array(getBase58Encoder().encode(trimmed));
  } catch {
    throw new Error('The Solana payer secret key is neither a JSON byte array nor base58');
  }
  if (bytes.length !== 64) throw new Error('The Solana payer secret key must be 64 bytes');
  return bytes;
}

export type ConfirmOptions = {
  /** Between two status polls (1 s). */
  pollMs?: number;
  /** Give up after this long (60 s, about a blockhash's lifetime). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export class SolanaChain implements ChainGateway {
  readonly name = 'solana';
  private readonly secretKey: Uint8Array;
  private signer: Promise<KeyPairSigner> | null = null;
  private readonly mint: Address;
  private readonly decimals: number;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly rpc: SolanaRpc,
    config: { mint: string; decimals: number; payerSecretKey: string },
    confirm: ConfirmOptions = {},
  ) {
    this.secretKey = secretKeyBytes(config.payerSecretKey);
    this.mint = address(config.mint);
    this.decimals = config.decimals;
    this.pollMs = confirm.pollMs ?? 1000;
    this.timeoutMs = confirm.timeoutMs ?? 60_000;
    this.sleep = confirm.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The payer (created on first use: WebCrypto is async; it checks that the public key matches the seed). */
  private payer(): Promise<KeyPairSigner> {
    this.signer ??= createKeyPairSignerFromBytes(this.secretKey);
    return this.signer;
  }

  /** The transfer's transaction (creating the recipient's token account if missing), signed by the payer. */
  private async signedTransfer(wallet: Address, amount: number) {
    const payer = await this.payer();
    const mint = this.mint;
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: payer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: wallet, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ]);
    const { value: lifetime } = await this.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: wallet, mint }),
            getTransferCheckedInstruction({
              source,
              mint,
              destination,
              authority: payer,
              amount: BigInt(amount) * 10n ** BigInt(this.decimals),
              decimals: this.decimals,
            }),
          ],
          m,
        ),
    );
    const transaction = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithinSizeLimit(transaction);
    return transaction;
  }

  async transfer(t: ChainTransfer): Promise<string> {
    if (!isAddress(t.wallet)) throw new InvalidWalletError(`Not a Solana address: ${t.wallet}`);
    const transaction = await beforeSending(() => this.signedTransfer(t.wallet as Address, t.amount));
    // From here a failure may hide a transaction that landed (an answer lost, a confirmation timed out).
    const signature = await this.rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', preflightCommitment: 'confirmed' })
      .send();
    if (signature !== getSignatureFromTransaction(transaction)) {
      throw new Error(`Solana RPC answered signature ${signature} for transaction ${getSignatureFromTransaction(transaction)}`);
    }
    await this.confirm(signature);
    return signature;
  }

  /** Polls the signature's status until it is confirmed; rejects when the transaction failed or the wait timed out. */
  private async confirm(signature: Signature): Promise<void> {
    for (let waited = 0; waited < this.timeoutMs; waited += this.pollMs) {
      const { value } = await this.rpc.getSignatureStatuses([signature]).send();
      const status = value[0];
      // Failed on chain: a Solana transaction is all or nothing, so no token moved.
      if (status?.err) throw new TransferNotMadeError(`Solana transaction ${signature} failed: ${stringify(status.err)}`);
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
      await this.sleep(this.pollMs);
    }
    throw new Error(`Solana transaction ${signature} not confirmed within ${this.timeoutMs / 1000} s`);
  }
}

/** Transaction errors can hold bigints (instruction indexes, custom codes), which JSON.stringify refuses. */
const stringify = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
