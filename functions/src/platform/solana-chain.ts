import { createHash, createPrivateKey, sign } from 'node:crypto';
import { InvalidWalletError, type ChainGateway, type ChainTransfer } from './chain';

/**
 * SPL token transfers on Solana without an SDK (docs/migration.md says why): a legacy transaction
 * with two instructions (create the recipient's associated token account if missing, then
 * TransferChecked from the payer's), signed with Ed25519 by node:crypto and sent over JSON-RPC.
 */

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** The three RPC calls a transfer needs; the real one speaks JSON-RPC, tests pass a fake. */
export interface SolanaRpc {
  getLatestBlockhash(): Promise<string>;
  /** Sends a signed transaction (base64); resolves with its signature. */
  sendTransaction(base64: string): Promise<string>;
  /** Resolves once the transaction is confirmed; rejects when it failed or timed out. */
  confirmTransaction(signature: string): Promise<void>;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function base58Decode(text: string): Buffer {
  let n = 0n;
  for (const c of text) {
    const i = ALPHABET.indexOf(c);
    if (i < 0) throw new Error('Invalid base58');
    n = n * 58n + BigInt(i);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

/** A 32-byte public key from its base58 form. */
export function publicKey(text: string): Buffer {
  let key: Buffer | null = null;
  try {
    key = base58Decode(text);
  } catch {
    key = null;
  }
  if (key?.length !== 32) throw new Error(`Not a Solana address: ${text}`);
  return key;
}

const P = 2n ** 255n - 19n;
const modP = (a: bigint) => ((a % P) + P) % P;
function powMod(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = modP(base);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}
const D = modP(-121665n * powMod(121666n, P - 2n));

/** Whether 32 bytes decode to a point of the Ed25519 curve (program-derived addresses must not). */
export function isOnCurve(key: Uint8Array): boolean {
  const bytes = Buffer.from(key);
  const sign = bytes[31]! >> 7;
  bytes[31] = bytes[31]! & 0x7f;
  const y = BigInt(`0x${Buffer.from(bytes).reverse().toString('hex')}`);
  if (y >= P) return false;
  const y2 = (y * y) % P;
  const x2 = modP((y2 - 1n) * powMod(D * y2 + 1n, P - 2n));
  if (x2 === 0n) return sign === 0;
  return powMod(x2, (P - 1n) / 2n) === 1n;
}

/** The program-derived address for `seeds` (the highest bump off the curve). */
export function findProgramAddress(seeds: Buffer[], programId: Buffer): Buffer {
  for (let bump = 255; bump >= 0; bump--) {
    const hash = createHash('sha256')
      .update(Buffer.concat([...seeds, Buffer.from([bump]), programId, Buffer.from('ProgramDerivedAddress')]))
      .digest();
    if (!isOnCurve(hash)) return hash;
  }
  throw new Error('No program address found');
}

export const associatedTokenAddress = (owner: Buffer, mint: Buffer): Buffer =>
  findProgramAddress([owner, publicKey(TOKEN_PROGRAM), mint], publicKey(ASSOCIATED_TOKEN_PROGRAM));

function compactU16(n: number): Buffer {
  const out: number[] = [];
  let rest = n;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return Buffer.from(out);
    }
    out.push(byte | 0x80);
  }
}

/** A Solana keypair from its 64-byte secret key (JSON array, as solana-keygen writes it, or base58). */
export function keypairOf(secret: string): { publicKey: Buffer; signer: (message: Buffer) => Buffer } {
  const trimmed = secret.trim();
  const bytes = trimmed.startsWith('[') ? Buffer.from(JSON.parse(trimmed) as number[]) : base58Decode(trimmed);
  if (bytes.length !== 64) throw new Error('The Solana payer secret key must be 64 bytes');
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), bytes.subarray(0, 32)]);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { publicKey: bytes.subarray(32), signer: (message) => sign(null, message, key) };
}

/** The transaction bytes: a transfer of `baseUnits` from the payer's token account to the recipient's, creating it if missing. */
export function transferTransaction(input: {
  payer: Buffer;
  recipient: Buffer;
  mint: Buffer;
  decimals: number;
  baseUnits: bigint;
  blockhash: Buffer;
  signer: (message: Buffer) => Buffer;
}): Buffer {
  const source = associatedTokenAddress(input.payer, input.mint);
  const destination = associatedTokenAddress(input.recipient, input.mint);
  // Signer-writable, then non-signer writable, then read-only (the header counts them).
  const keys = [input.payer, source, destination, input.recipient, input.mint, publicKey(SYSTEM_PROGRAM), publicKey(TOKEN_PROGRAM), publicKey(ASSOCIATED_TOKEN_PROGRAM)];
  const [PAYER, SOURCE, DEST, OWNER, MINT, SYSTEM, TOKEN, ATA] = [0, 1, 2, 3, 4, 5, 6, 7];
  const amount = Buffer.alloc(8);
  amount.writeBigUInt64LE(input.baseUnits);
  const instructions = [
    // CreateIdempotent: payer, associated account, owner, mint, system program, token program.
    { program: ATA, accounts: [PAYER, DEST, OWNER, MINT, SYSTEM, TOKEN], data: Buffer.from([1]) },
    // TransferChecked (12): source, mint, destination, authority; amount u64 LE and decimals.
    { program: TOKEN, accounts: [SOURCE, MINT, DEST, PAYER], data: Buffer.concat([Buffer.from([12]), amount, Buffer.from([input.decimals])]) },
  ];
  const message = Buffer.concat([
    Buffer.from([1, 0, 5]),
    compactU16(keys.length),
    ...keys,
    input.blockhash,
    compactU16(instructions.length),
    ...instructions.flatMap((ix) => [Buffer.from([ix.program]), compactU16(ix.accounts.length), Buffer.from(ix.accounts), compactU16(ix.data.length), ix.data]),
  ]);
  return Buffer.concat([compactU16(1), input.signer(message), message]);
}

export class SolanaChain implements ChainGateway {
  readonly name = 'solana';
  private readonly payer: ReturnType<typeof keypairOf>;
  private readonly mint: Buffer;
  private readonly decimals: number;

  constructor(
    private readonly rpc: SolanaRpc,
    config: { mint: string; decimals: number; payerSecretKey: string },
  ) {
    this.payer = keypairOf(config.payerSecretKey);
    this.mint = publicKey(config.mint);
    this.decimals = config.decimals;
  }

  async transfer(t: ChainTransfer): Promise<string> {
    let recipient: Buffer;
    try {
      recipient = publicKey(t.wallet);
    } catch {
      throw new InvalidWalletError(`Not a Solana address: ${t.wallet}`);
    }
    const blockhash = publicKey(await this.rpc.getLatestBlockhash());
    const tx = transferTransaction({
      payer: this.payer.publicKey,
      recipient,
      mint: this.mint,
      decimals: this.decimals,
      baseUnits: BigInt(t.amount) * 10n ** BigInt(this.decimals),
      blockhash,
      signer: this.payer.signer,
    });
    const signature = await this.rpc.sendTransaction(tx.toString('base64'));
    await this.rpc.confirmTransaction(signature);
    return signature;
  }
}

const CONFIRM_POLL_MS = 1000;
const CONFIRM_TIMEOUT_MS = 60_000;

/** JSON-RPC over fetch (the devnet or mainnet endpoint in SOLANA_RPC_URL). */
export function jsonRpc(url: string, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): SolanaRpc {
  let id = 0;
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error || !res.ok) throw new Error(`Solana RPC ${method}: ${body.error?.message ?? res.status}`);
    return body.result as T;
  };
  return {
    getLatestBlockhash: async () => (await call<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])).value.blockhash,
    sendTransaction: (base64) => call<string>('sendTransaction', [base64, { encoding: 'base64', preflightCommitment: 'confirmed' }]),
    async confirmTransaction(signature) {
      for (let waited = 0; waited < CONFIRM_TIMEOUT_MS; waited += CONFIRM_POLL_MS) {
        const { value } = await call<{ value: Array<{ err: unknown; confirmationStatus?: string } | null> }>('getSignatureStatuses', [[signature]]);
        const status = value[0];
        if (status?.err) throw new Error(`Solana transaction ${signature} failed: ${JSON.stringify(status.err)}`);
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
        await sleep(CONFIRM_POLL_MS);
      }
      throw new Error(`Solana transaction ${signature} not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s`);
    },
  };
}
