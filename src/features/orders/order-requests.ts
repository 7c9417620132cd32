import type { Order } from '@common/order-doc';
import { PROOF_FIELD } from '@common/orders';
import { api, apiBlob } from '@/lib/api';
import { downloadBlob, downloadUrl } from '@/lib/download';

const path = (id: string, action: string) => `/orders/${encodeURIComponent(id)}/${action}`;

/** POST /api/orders/:id/proof, multipart with the image: the order goes under review. */
export function uploadProof(orderId: string, file: File): Promise<{ order: Order }> {
  const form = new FormData();
  form.append(PROOF_FIELD, file);
  return api<{ order: Order }>(path(orderId, 'proof'), { body: form });
}

/** The seller's decision on a cash order. */
export function decideOrder(orderId: string, decision: 'approve' | 'reject'): Promise<{ order: Order }> {
  return api<{ order: Order }>(path(orderId, decision), { body: {} });
}

/** Downloads the licensed full-quality track through its signed URL (valid one hour). */
export async function downloadTrack(orderId: string): Promise<void> {
  const { url } = await api<{ url: string; expires_in: number }>(path(orderId, 'download'));
  downloadUrl(url);
}

/** Downloads the licence certificate (a PDF the API renders for the buyer). */
export async function downloadCertificate(orderId: string): Promise<void> {
  const blob = await apiBlob(path(orderId, 'certificate'));
  downloadBlob(blob, `licence-${orderId}.pdf`);
}

/** The signed URL of the buyer's payment proof (buyer or seller). */
export async function proofUrl(orderId: string): Promise<string> {
  const { url } = await api<{ url: string }>(path(orderId, 'proof'));
  return url;
}

/** POST /api/accounts/cash-app-tag: where buyers paying by Cash App send money. */
export function saveCashTag(tag: string): Promise<{ cash_app_tag: string }> {
  return api<{ cash_app_tag: string }>('/accounts/cash-app-tag', { body: { cash_app_tag: tag } });
}
