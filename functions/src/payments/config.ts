import Stripe from 'stripe';
import { TOKEN_PACKS } from '../../../common/constants';

/** Stripe settings, read once. Without STRIPE_SECRET_KEY the API serves a local checkout page. */
export const PAYMENTS = {
  secretKey: process.env.STRIPE_SECRET_KEY || null,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || 'whsec_local_dev',
} as const;

export const isLocalCheckout = (): boolean => PAYMENTS.secretKey === null;

/** The Stripe client; without a key only its webhook helpers (signing, verifying) are used. */
export const stripe = new Stripe(PAYMENTS.secretKey ?? 'sk_test_local_unused');

export type TokenPack = (typeof TOKEN_PACKS)[number];

export const packById = (id: unknown): TokenPack | undefined => TOKEN_PACKS.find((p) => p.id === id);

export const priceCents = (pack: TokenPack): number => Math.round(pack.priceUsd * 100);
