import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidWalletError } from './chain';
import {
  associatedTokenAddress,
  base58Decode,
  base58Encode,
  isOnCurve,
  SolanaChain,
  TOKEN_PROGRAM,
  type SolanaRpc,
} from './solana-chain';

/** A fresh Ed25519 keypair as Solana writes it: 64 bytes (seed, then public key). */
function keypair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { secret: Buffer.concat([seed, pub]), pub };
}

/** A fake connection: records what is sent, answers like an RPC node. */
function fakeRpc(blockhash: string) {
  const sent: Buffer[] = [];
  const confirmed: string[] = [];
  const rpc: SolanaRpc = {
    getLatestBlockhash: async () => blockhash,
    async sendTransaction(base64) {
      const tx = Buffer.from(base64, 'base64');
      sent.push(tx);
      return base58Encode(tx.subarray(1, 65));
    },
    async confirmTransaction(signature) {
      confirmed.push(signature);
    },
  };
  return { rpc, sent, confirmed };
}

describe('base58', () => {
  it('round-trips, keeping leading zero bytes', () => {
    expect(base58Decode('11111111111111111111111111111111')).toEqual(Buffer.alloc(32));
    const bytes = Buffer.from([0, 0, 1, 2, 255, 128]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Encode(Buffer.from('hello world'))).toBe('StV1DL6CwTryKyV');
  });
});

describe('SolanaChain', () => {
  it('finds program addresses off the curve; real public keys are on it', () => {
    const { pub } = keypair();
    expect(isOnCurve(pub)).toBe(true);
    const ata = associatedTokenAddress(pub, keypair().pub);
    expect(ata).toHaveLength(32);
    expect(isOnCurve(ata)).toBe(false);
  });

  it('signs and sends one SPL TransferChecked of the snapshot to the wallet, then confirms it', async () => {
    const payer = keypair();
    const mint = keypair().pub;
    const wallet = keypair().pub;
    const blockhash = base58Encode(Buffer.alloc(32, 7));
    const { rpc, sent, confirmed } = fakeRpc(blockhash);
    const chain = new SolanaChain(rpc, { mint: base58Encode(mint), decimals: 6, payerSecretKey: JSON.stringify([...payer.secret]) });
    const hash = await chain.transfer({ userId: 'u1', wallet: base58Encode(wallet), amount: 42, runId: 'r1' });

    expect(sent).toHaveLength(1);
    const tx = sent[0]!;
    expect(tx[0]).toBe(1); // one signature
    const signature = tx.subarray(1, 65);
    const message = tx.subarray(65);
    expect(hash).toBe(base58Encode(signature));
    expect(confirmed).toEqual([hash]);
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), payer.pub]);
    expect(verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature)).toBe(true);

    expect([...message.subarray(0, 3)]).toEqual([1, 0, 5]);
    const count = message[3]!;
    const keys = Array.from({ length: count }, (_, i) => message.subarray(4 + i * 32, 36 + i * 32));
    expect(keys[0]).toEqual(payer.pub);
    expect(keys[2]).toEqual(associatedTokenAddress(wallet, mint));
    expect(keys[3]).toEqual(wallet);
    expect(keys[4]).toEqual(mint);
    expect(base58Encode(keys[6]!)).toBe(TOKEN_PROGRAM);
    expect(message.subarray(4 + count * 32, 36 + count * 32)).toEqual(Buffer.alloc(32, 7));
    // The last instruction's data: TransferChecked (12), 42 tokens in base units, 6 decimals.
    const data = message.subarray(message.length - 10);
    expect(data[0]).toBe(12);
    expect(data.readBigUInt64LE(1)).toBe(42_000_000n);
    expect(data[9]).toBe(6);
  });

  it('refuses a wallet that is not a Solana address (InvalidWalletError), sending nothing', async () => {
    const { rpc, sent } = fakeRpc(base58Encode(Buffer.alloc(32, 1)));
    const chain = new SolanaChain(rpc, { mint: base58Encode(keypair().pub), decimals: 0, payerSecretKey: base58Encode(keypair().secret) });
    await expect(chain.transfer({ userId: 'u', wallet: 'Wallet0', amount: 1, runId: 'r' })).rejects.toThrow(InvalidWalletError);
    expect(sent).toEqual([]);
  });
});
