import { TOKEN_PACKS } from '../../../common/constants';

export type TokenPack = (typeof TOKEN_PACKS)[number];

export const packById = (id: unknown): TokenPack | undefined => TOKEN_PACKS.find((p) => p.id === id);

export const priceCents = (pack: TokenPack): number => Math.round(pack.priceUsd * 100);
