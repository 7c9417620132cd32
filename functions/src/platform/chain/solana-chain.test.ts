import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AccountRole,
  blockhash,
  decompileTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Commitment,
  type Signature,
} from '@solana/kit';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { InvalidWalletError, TransferNotMadeError } from './chain';
import { SolanaChain, solanaRpc, type SolanaRpc } from './solana-chain';

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A fresh Ed25519 keypair as Solana writes it: 64 bytes (seed, then public key). */
function keypair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { secret: Buffer.concat([seed, pub]), pub, address: base58(pub) as Address };
}

type Status = { err: unknown; confirmationStatus: Commitment | null } | null;

/** A fake RPC node: records what is sent, answers the signature statuses given (the last one repeats). */
function fakeRpc(options: { statuses?: Status[]; sendError?: Error } = {}) {
  const hash = blockhash(base58(new Uint8Array(32).fill(7)));
  const sent: { wire: string; config: unknown }[] = [];
  const polled: Signature[][] = [];
  const statuses = options.statuses ?? [{ err: null, confirmationStatus: 'confirmed' }];
  const rpc: SolanaRpc = {
    getLatestBlockhash: () => ({ send: async () => ({ value: { blockhash: hash, lastValidBlockHeight: 1000n } }) }),
    sendTransaction: (wire, config) => ({
      async send() {
        if (options.sendError) throw options.sendError;
        sent.push({ wire, config });
        // A node answers the transaction's first signature (the fee payer's), base58.
        const { signatures } = getTransactionDecoder().decode(Buffer.from(wire, 'base64'));
        return base58(Object.values(signatures)[0]!) as Signature;
      },
    }),
    getSignatureStatuses: (signatures) => ({
      async send() {
        polled.push([...signatures]);
        return { value: [statuses[Math.min(polled.length, statuses.length) - 1]!] };
      },
    }),
  };
  return { rpc, sent, polled, hash };
}

/** The sent transaction, decoded by kit: its signatures, signed bytes and message. */
function decodeSent(wire: string) {
  const { messageBytes, signatures } = getTransactionDecoder().decode(Buffer.from(wire, 'base64'));
  const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes);
  return { messageBytes, signatures, compiled, message: decompileTransactionMessage(compiled) };
}

const noSleep = { sleep: async () => {} };

describe('SolanaChain', () => {
  it('signs and sends the snapshot to the wallet as an SPL TransferChecked, creating its token account if missing, then confirms it', async () => {
    const payer = keypair();
    const mint = keypair().address;
    const wallet = keypair().address;
    const { rpc, sent, polled, hash: recentBlockhash } = fakeRpc();
    const chain = new SolanaChain(rpc, { mint, decimals: 6, payerSecretKey: JSON.stringify([...payer.secret]) }, noSleep);
    const hash = await chain.transfer({ userId: 'u1', wallet, amount: 42, runId: 'r1' });

    expect(sent).toHaveLength(1);
    expect(sent[0]!.config).toEqual({ encoding: 'base64', preflightCommitment: 'confirmed' });
    const { messageBytes, signatures, compiled, message } = decodeSent(sent[0]!.wire);

    // One signature, the payer's, over the message bytes; the hash is that signature.
    expect(Object.keys(signatures)).toEqual([payer.address]);
    const signature = signatures[payer.address]!;
    expect(hash).toBe(base58(signature));
    expect(polled).toEqual([[hash]]);
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), payer.pub]);
    expect(verify(null, Buffer.from(messageBytes), createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature)).toBe(true);

    expect(compiled.version).toBe('legacy');
    expect(compiled.lifetimeToken).toBe(recentBlockhash);
    expect(message.feePayer.address).toBe(payer.address);

    const [source] = await findAssociatedTokenPda({ owner: payer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [destination] = await findAssociatedTokenPda({ owner: wallet, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect(message.instructions).toHaveLength(2);
    const [create, transfer] = message.instructions as [Parameters<typeof parseTransferCheckedInstruction>[0], Parameters<typeof parseTransferCheckedInstruction>[0]];

    expect(create.programAddress).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
    const ata = parseCreateAssociatedTokenIdempotentInstruction(create);
    expect(ata.data.discriminator).toBe(1); // CreateIdempotent
    expect(ata.accounts.payer).toMatchObject({ address: payer.address, role: AccountRole.WRITABLE_SIGNER });
    expect(ata.accounts.ata).toMatchObject({ address: destination, role: AccountRole.WRITABLE });
    expect(ata.accounts.owner.address).toBe(wallet);
    expect(ata.accounts.mint.address).toBe(mint);
    expect(ata.accounts.systemProgram.address).toBe(SYSTEM_PROGRAM);
    expect(ata.accounts.tokenProgram.address).toBe(TOKEN_PROGRAM_ADDRESS);

    expect(transfer.programAddress).toBe(TOKEN_PROGRAM_ADDRESS);
    const tc = parseTransferCheckedInstruction(transfer);
    expect(tc.data).toMatchObject({ discriminator: 12, amount: 42_000_000n, decimals: 6 });
    expect(tc.accounts.source).toMatchObject({ address: source, role: AccountRole.WRITABLE });
    expect(tc.accounts.mint.address).toBe(mint);
    expect(tc.accounts.destination).toMatchObject({ address: destination, role: AccountRole.WRITABLE });
    expect(tc.accounts.authority).toMatchObject({ address: payer.address, role: AccountRole.WRITABLE_SIGNER });
  });

  it('derives associated token accounts as the token program does', async () => {
    // A fixed vector (it also matched the adapter's former hand-written derivation).
    const [ata] = await findAssociatedTokenPda({
      owner: '8vTbDkSQSBo7jKQGFe84H9njU2LWynYwC3QgtwhmMXix' as Address,
      mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    expect(ata).toBe('3ANwCYF9ofQgnhDVugjiYrJfWYk39YF9QHhkSTCrM5n4');
  });

  it('takes a base58 secret key, and whole tokens as base units when the mint has no decimals', async () => {
    const payer = keypair();
    const { rpc, sent } = fakeRpc();
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(payer.secret) }, noSleep);
    await chain.transfer({ userId: 'u', wallet: keypair().address, amount: 7, runId: 'r' });
    const { message, signatures } = decodeSent(sent[0]!.wire);
    expect(Object.keys(signatures)).toEqual([payer.address]);
    const tc = parseTransferCheckedInstruction(message.instructions[1] as Parameters<typeof parseTransferCheckedInstruction>[0]);
    expect(tc.data).toMatchObject({ amount: 7n, decimals: 0 });
  });

  it('refuses a wallet that is not a Solana address (InvalidWalletError), sending nothing', async () => {
    const { rpc, sent } = fakeRpc();
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(keypair().secret) }, noSleep);
    // An address padded past 44 characters: appending one '1' to a 43-character address can still
    // decode to 32 bytes, a valid address (this failed in CI once).
    const tooLong = keypair().address.padEnd(45, '1');
    for (const wallet of ['Wallet0', '', '0x52908400098527886E0F7030069857D2E4169EE7', tooLong]) {
      await expect(chain.transfer({ userId: 'u', wallet, amount: 1, runId: 'r' })).rejects.toThrow(InvalidWalletError);
    }
    expect(sent).toEqual([]);
  });

  it('refuses a payer key that is not 64 bytes, or whose public half does not match its seed', async () => {
    const mint = keypair().address;
    const { rpc } = fakeRpc();
    expect(() => new SolanaChain(rpc, { mint, decimals: 0, payerSecretKey: JSON.stringify([1, 2, 3]) })).toThrow(/64 bytes/);
    expect(() => new SolanaChain(rpc, { mint, decimals: 0, payerSecretKey: 'not base58 0OIl' })).toThrow(/base58/);
    expect(() => new SolanaChain(rpc, { mint: 'mint', decimals: 0, payerSecretKey: base58(keypair().secret) })).toThrow();
    const mismatched = Buffer.concat([keypair().secret.subarray(0, 32), keypair().pub]);
    const chain = new SolanaChain(rpc, { mint, decimals: 0, payerSecretKey: base58(mismatched) }, noSleep);
    const sending = chain.transfer({ userId: 'u', wallet: keypair().address, amount: 1, runId: 'r' });
    await expect(sending).rejects.toThrow(/does not match/);
    // Refused before anything was sent: the claim may try again.
    await expect(sending).rejects.toThrow(TransferNotMadeError);
  });

  it('rejects when the RPC refuses the transaction', async () => {
    const { rpc, polled } = fakeRpc({ sendError: new Error('Transaction simulation failed: insufficient funds') });
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(keypair().secret) }, noSleep);
    const sending = chain.transfer({ userId: 'u', wallet: keypair().address, amount: 1, runId: 'r' });
    await expect(sending).rejects.toThrow(/insufficient funds/);
    await expect(sending).rejects.not.toThrow(InvalidWalletError);
    // The node may have forwarded it before failing to answer: not known to be unsent.
    await expect(sending).rejects.not.toThrow(TransferNotMadeError);
    expect(polled).toEqual([]);
  });

  it('polls the status until confirmed', async () => {
    const { rpc, polled } = fakeRpc({
      statuses: [null, { err: null, confirmationStatus: 'processed' }, { err: null, confirmationStatus: 'finalized' }],
    });
    const slept: number[] = [];
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(keypair().secret) }, {
      pollMs: 500,
      sleep: async (ms) => void slept.push(ms),
    });
    const hash = await chain.transfer({ userId: 'u', wallet: keypair().address, amount: 1, runId: 'r' });
    expect(polled).toEqual([[hash], [hash], [hash]]);
    expect(slept).toEqual([500, 500]);
  });

  it('rejects when the transaction failed on chain', async () => {
    const { rpc } = fakeRpc({ statuses: [null, { err: { InstructionError: [1n, { Custom: 1n }] }, confirmationStatus: 'confirmed' }] });
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(keypair().secret) }, noSleep);
    const sending = chain.transfer({ userId: 'u', wallet: keypair().address, amount: 1, runId: 'r' });
    await expect(sending).rejects.toThrow(/failed: \{"InstructionError":\["1",\{"Custom":"1"\}\]\}/);
    // A failed Solana transaction moves nothing.
    await expect(sending).rejects.toThrow(TransferNotMadeError);
  });

  it('rejects when the transaction is not confirmed in time', async () => {
    const { rpc, polled } = fakeRpc({ statuses: [null] });
    const chain = new SolanaChain(rpc, { mint: keypair().address, decimals: 0, payerSecretKey: base58(keypair().secret) }, {
      pollMs: 1000,
      timeoutMs: 5000,
      sleep: async () => {},
    });
    const sending = chain.transfer({ userId: 'u', wallet: keypair().address, amount: 1, runId: 'r' });
    await expect(sending).rejects.toThrow(/not confirmed within 5 s/);
    // It may still land: a claim must not send it again.
    await expect(sending).rejects.not.toThrow(TransferNotMadeError);
    expect(polled).toHaveLength(5);
  });

  it('speaks JSON-RPC over HTTP through kit\'s client (solanaRpc)', async () => {
    const calls: { method: string; params: unknown[] }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        calls.push({ method, params });
        const context = { slot: 1 };
        const result =
          method === 'getLatestBlockhash'
            ? { context, value: { blockhash: base58(new Uint8Array(32).fill(9)), lastValidBlockHeight: 100 } }
            : method === 'sendTransaction'
              ? base58(Object.values(getTransactionDecoder().decode(Buffer.from(params[0] as string, 'base64')).signatures)[0]!)
              : { context, value: [{ slot: 2, confirmations: null, err: null, status: { Ok: null }, confirmationStatus: 'confirmed' }] };
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const chain = new SolanaChain(solanaRpc(url), { mint: keypair().address, decimals: 2, payerSecretKey: base58(keypair().secret) }, noSleep);
      const hash = await chain.transfer({ userId: 'u', wallet: keypair().address, amount: 3, runId: 'r' });
      expect(calls.map((c) => c.method)).toEqual(['getLatestBlockhash', 'sendTransaction', 'getSignatureStatuses']);
      expect(calls[1]!.params[1]).toMatchObject({ encoding: 'base64', preflightCommitment: 'confirmed' });
      expect(calls[2]!.params[0]).toEqual([hash]);
    } finally {
      server.close();
    }
  });
});
