import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

/**
 * A Solana wallet address (base58 of 32 bytes, what the API and the chain accept), the same for
 * the same label and different for different ones.
 */
export const solanaWallet = (label: string): string => getBase58Decoder().decode(createHash('sha256').update(label).digest());

/** An address of Solana's form (base58, 36 characters) that does not decode to 32 bytes: the form passes, the key check refuses it. */
export const malformedSolanaWallet = 'So1anaWa11etAddre55So1anaWa11etAddre5';
