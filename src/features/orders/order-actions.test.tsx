import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_MSG } from '@common/marketplace/orders';
import { downloadUrl } from '@/lib/download';
import { apiError, stubApi } from '@/test/api';
import { anOrder } from '@/test/fixtures';
import { findToast, focusReturnsTo, renderUi } from '@/test/render';
import { BuyerActions, SellerActions } from './order-actions';
import type { OrderActions } from './order-display';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));
// Saving a file is the browser's.
vi.mock('@/lib/download', () => ({ downloadUrl: vi.fn(), downloadBlob: vi.fn() }));

const NONE: OrderActions = { uploadProof: false, approve: false, reject: false, viewProof: false, download: false };
const ORDER = anOrder({ id: 'order-7', status: 'UNDER_REVIEW', has_proof: true });

describe("the seller's order actions", () => {
  it('Reject asks first: cancelled, nothing is sent', async () => {
    const sent = stubApi(() => undefined);
    const { user } = renderUi(<SellerActions order={ORDER} can={{ ...NONE, approve: true, reject: true }} />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const asked = await screen.findByRole('dialog', { name: 'Reject order' });
    expect(asked).toHaveAccessibleDescription('Reject this order?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await focusReturnsTo(screen.getByRole('button', { name: 'Reject' }));
    expect(sent).toEqual([]);
  });

  it('Reject, confirmed, rejects the order', async () => {
    const sent = stubApi(() => ({ body: { order: { ...ORDER, status: 'REJECTED' } } }));
    const { user } = renderUi(<SellerActions order={ORDER} can={{ ...NONE, reject: true }} />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1)!);
    expect(await findToast(ORDER_MSG.orderRejected)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/orders/order-7/reject', body: {} }]);
  });

  it('Approve approves at once; a refusal is told with the server’s reason', async () => {
    const sent = stubApi(() => apiError(409, 'This order has expired'));
    const { user } = renderUi(<SellerActions order={ORDER} can={{ ...NONE, approve: true, reject: true }} />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await findToast(ORDER_MSG.approvalFailed)).toBeInTheDocument();
    expect(screen.getByText('This order has expired')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/orders/order-7/approve', body: {} }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows only what the seller may do now', () => {
    renderUi(<SellerActions order={ORDER} can={{ ...NONE, viewProof: true }} />);
    expect(screen.getByRole('button', { name: 'View proof' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});

describe("the buyer's order actions", () => {
  const awaiting = anOrder({ id: 'order-7' });

  it('uploads an image as the payment proof', async () => {
    const sent = stubApi(() => ({ body: { order: { ...awaiting, status: 'UNDER_REVIEW' } } }));
    const { user } = renderUi(<BuyerActions order={awaiting} can={{ ...NONE, uploadProof: true }} />);
    const image = new File(['png'], 'receipt.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload payment proof'), image);
    expect(await findToast(ORDER_MSG.proofUploaded)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/orders/order-7/proof');
    expect((sent[0]!.body as FormData).get('image')).toBe(image);
  });

  it('refuses a proof that is not an image before sending anything', async () => {
    const sent = stubApi(() => undefined);
    renderUi(<BuyerActions order={awaiting} can={{ ...NONE, uploadProof: true }} />);
    // The picker offers images, but a file dropped or picked as 'All files' may be anything.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Upload payment proof'), new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(await findToast(ORDER_MSG.uploadFailed)).toBeInTheDocument();
    expect(screen.getByText(ORDER_MSG.proofNotImage)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('an approved licence downloads the track through its signed URL, and names a preview licence’s file', async () => {
    stubApi(({ path }) => (path === '/orders/order-7/download' ? { body: { url: 'https://storage.test/signed', expires_in: 3600 } } : undefined));
    const approved = anOrder({ id: 'order-7', status: 'APPROVED' });
    const { user, unmount } = renderUi(<BuyerActions order={approved} can={{ ...NONE, download: true }} />);
    expect(screen.getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download track' }));
    expect(await findToast(ORDER_MSG.downloadStarted)).toBeInTheDocument();
    expect(downloadUrl).toHaveBeenCalledWith('https://storage.test/signed');
    unmount();
    renderUi(<BuyerActions order={{ ...approved, version_type: 'preview' }} can={{ ...NONE, download: true }} />);
    expect(screen.getByRole('button', { name: 'Download preview' })).toBeInTheDocument();
  });
});
