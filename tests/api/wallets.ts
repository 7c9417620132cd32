/** A wallet address in Solana's format (base58, 36 characters) that still reads as its label: the API refuses anything else. */
export const solanaLikeWallet = (label: string): string => `${label.replace(/[^1-9A-HJ-NP-Za-km-z]/g, 'x')}So1anaWa11etAddre55So1anaWa11etAddre55`.slice(0, 36);
