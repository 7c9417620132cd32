import { formatUsd } from '../../../common/format';
import type { CertificateInput } from './certificate';
import type { OrderDoc } from './order-doc';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The licence an order buys, in words: 'Featured licence, full version'. */
export const licenceName = (order: Pick<OrderDoc, 'listing_type' | 'version_type'>): string =>
  `${capital(order.listing_type)} licence, ${order.version_type} version`;

/** What the certificate states about an approved order and its licensee. */
export function certificateInput(orderId: string, order: OrderDoc, licensee: Record<string, unknown>): CertificateInput {
  const username = String(licensee.username ?? order.buyer_username);
  const name = typeof licensee.full_name === 'string' && licensee.full_name ? `${licensee.full_name} (@${username})` : `@${username}`;
  return {
    licensee: name,
    title: order.title,
    artist: order.artist_name,
    licenceType: `Non-exclusive ${licenceName(order)}`,
    price: order.method === 'TOKENS' ? `${order.amount_tokens ?? 0} tokens` : `${formatUsd(order.amount_usd ?? 0)} (Cash App)`,
    orderId,
    date: order.decided_at ?? order.created_at,
  };
}
