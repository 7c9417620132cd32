import type { ChainConfig, ChainGateway } from './chain';
import { LocalChain } from './local-chain';
import { SolanaChain, solanaRpc } from './solana-chain';

/** The chain gateway a configuration names (null: the migration cannot send tokens). */
export function chainOf(config: ChainConfig | null, now: () => number): ChainGateway | null {
  if (!config) return null;
  if (config.kind === 'local') return new LocalChain(config.ledgerFile, now);
  return new SolanaChain(solanaRpc(config.rpcUrl), config);
}
