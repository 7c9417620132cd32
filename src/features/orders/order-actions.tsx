import { Check, Download, Eye, FileText, Loader2, Upload, X } from 'lucide-react';
import type { Order } from '@common/orders';
import { ORDER_MSG } from '@common/orders';
import { notifyError } from '@/lib/notify';
import type { OrderActions } from './order-display';
import { proofProblem } from './order-display';
import { decideOrder, downloadCertificate, downloadTrack, proofUrl, uploadProof } from './order-requests';
import { useOrderAction } from './use-order-action';

const button =
  'inline-flex items-center gap-1.5 rounded-lg border border-zinc-700 px-3 py-1.5 text-sm font-semibold hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50';
const primary =
  'inline-flex items-center gap-1.5 rounded-lg bg-gradient-to-r from-fuchsia-600 to-violet-600 px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

const Spin = ({ on, icon }: { on: boolean; icon: React.ReactNode }) => (on ? <Loader2 className="size-4 animate-spin" aria-hidden /> : icon);

/** The buyer's buttons: upload the payment proof, or download the licensed track and certificate. */
export function BuyerActions({ order, can }: { order: Order; can: OrderActions }) {
  const { busy, run } = useOrderAction();

  const onProof = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = proofProblem(file);
    if (problem) return notifyError(ORDER_MSG.uploadFailed, problem);
    void run('proof', () => uploadProof(order.id, file), { success: ORDER_MSG.proofUploaded, failure: ORDER_MSG.uploadFailed });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {can.uploadProof && (
        <label className={`${primary} cursor-pointer focus-within:ring-2 focus-within:ring-fuchsia-400 ${busy ? 'pointer-events-none opacity-50' : ''}`}>
          <Spin on={busy === 'proof'} icon={<Upload className="size-4" aria-hidden />} />
          Upload payment proof
          <input type="file" accept="image/*" className="sr-only" onChange={onProof} disabled={busy !== null} />
        </label>
      )}
      {can.download && (
        <>
          <button
            type="button"
            className={primary}
            disabled={busy !== null}
            onClick={() => void run('track', () => downloadTrack(order.id), { failure: 'Download failed' })}
          >
            <Spin on={busy === 'track'} icon={<Download className="size-4" aria-hidden />} /> Download track
          </button>
          <button
            type="button"
            className={button}
            disabled={busy !== null}
            onClick={() => void run('certificate', () => downloadCertificate(order.id), { failure: 'Download failed' })}
          >
            <Spin on={busy === 'certificate'} icon={<FileText className="size-4" aria-hidden />} /> Download certificate
          </button>
        </>
      )}
    </div>
  );
}

/** Opens the proof in a new tab: the tab opens on the click (popup blockers), then gets the signed URL. */
async function viewProof(orderId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await proofUrl(orderId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    }
    else window.open(url, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** The seller's buttons: look at the proof, approve or reject. */
export function SellerActions({ order, can }: { order: Order; can: OrderActions }) {
  const { busy, run } = useOrderAction();
  const reject = () => {
    if (!window.confirm('Reject this order?')) return;
    void run('reject', () => decideOrder(order.id, 'reject'), { success: ORDER_MSG.orderRejected, failure: ORDER_MSG.rejectFailed });
  };
  return (
    <div className="flex flex-wrap gap-2">
      {can.viewProof && (
        <button type="button" className={button} disabled={busy !== null} onClick={() => void run('view', () => viewProof(order.id), { failure: 'Failed to open proof' })}>
          <Spin on={busy === 'view'} icon={<Eye className="size-4" aria-hidden />} /> View proof
        </button>
      )}
      {can.approve && (
        <button
          type="button"
          className={primary}
          disabled={busy !== null}
          onClick={() => void run('approve', () => decideOrder(order.id, 'approve'), { success: ORDER_MSG.orderApproved, failure: ORDER_MSG.approvalFailed })}
        >
          <Spin on={busy === 'approve'} icon={<Check className="size-4" aria-hidden />} /> Approve
        </button>
      )}
      {can.reject && (
        <button type="button" className={button} disabled={busy !== null} onClick={reject}>
          <Spin on={busy === 'reject'} icon={<X className="size-4" aria-hidden />} /> Reject
        </button>
      )}
    </div>
  );
}
