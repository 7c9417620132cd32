import { beforeSending, type ChainEnv, type ChainGateway } from './chain';
import { lazy } from '../http/lazy';
import { LocalChain } from './local-chain';

/**
 * The chain gateway a configuration names (null: the migration cannot send tokens). Solana's
 * adapter, with @solana/kit, loads with the first transfer (platform/http/lazy.ts); a payer key or mint
 * it refuses then refuses each transfer as not made, so the claims stay pending for a fixed key.
 */
export function chainOf(config: ChainEnv | null, now: () => number): ChainGateway | null {
  if (!config) return null;
  if (config.kind === 'local') return new LocalChain(config.ledgerFile, now);
  const solana = lazy(async () => {
    const { SolanaChain, solanaRpc } = await import('./solana-chain');
    return new SolanaChain(solanaRpc(config.rpcUrl), config);
  });
  return { name: 'solana', transfer: async (t) => (await beforeSending(solana)).transfer(t) };
}
