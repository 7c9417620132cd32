import type { Order } from '@common/marketplace/order-doc';
import { PROOF_FIELD } from '@common/marketplace/orders';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { downloadBlob, downloadUrl } from '@/lib/download';

const ep = endpoints.orders;

/** POST /api/orders/:id/proof, multipart with the image: the order goes under review. */
export function uploadProof(orderId: string, file: File): Promise<{ order: Order }> {
  const form = new FormData();
  form.append(PROOF_FIELD, file);
  return call(ep.uploadProof, { params: { id: orderId }, body: form });
}

/** The seller's decision on a cash order. */
export function decideOrder(orderId: string, decision: 'approve' | 'reject'): Promise<{ order: Order }> {
  return decision === 'approve' ? call(ep.approve, { params: { id: orderId }, body: {} }) : call(ep.reject, { params: { id: orderId }, body: {} });
}

/** Downloads the licensed full-quality track through its signed URL (valid one hour). */
export async function downloadTrack(orderId: string): Promise<void> {
  const { url } = await call(ep.download, { params: { id: orderId } });
  downloadUrl(url);
}

/** Downloads the licence certificate (a PDF the API renders for the buyer). */
export async function downloadCertificate(orderId: string): Promise<void> {
  const blob = await call(ep.certificate, { params: { id: orderId } });
  downloadBlob(blob, `licence-${orderId}.pdf`);
}

/** The signed URL of the buyer's payment proof (buyer or seller). */
export async function proofUrl(orderId: string): Promise<string> {
  const { url } = await call(ep.proof, { params: { id: orderId } });
  return url;
}

/** POST /api/accounts/cash-app-tag: where buyers paying by Cash App send money. */
export function saveCashTag(tag: string): Promise<{ cash_app_tag: string }> {
  return call(endpoints.accounts.cashAppTag, { body: { cash_app_tag: tag } });
}
