import { Check, Download, Eye, FileText, Loader2, Upload, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Order } from '@common/marketplace/order-doc';
import { ORDER_MSG } from '@common/marketplace/orders';
import { Button, buttonClass, type ButtonLook } from '@/components/ui/button';
import { useConfirm } from '@/hooks/use-confirm';
import { notifyError } from '@/lib/notify';
import type { OrderActions } from './order-display';
import { proofProblem } from './order-display';
import { decideOrder, downloadCertificate, downloadTrack, proofUrl, uploadProof } from './order-requests';
import { useOrderAction } from './use-order-action';

const size = 'inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const LOOK_EXTRA: Record<ButtonLook, string> = { primary: '', secondary: 'hover:bg-zinc-800', bare: '' };

const Spin = ({ on, icon }: { on: boolean; icon: ReactNode }) => (on ? <Loader2 className="size-4 animate-spin" aria-hidden /> : icon);

type ActionProps = { id: string; busy: string | null; look?: ButtonLook; icon: ReactNode; onClick: () => void; children: ReactNode };

/** One order action; every action is busy while one runs (focus kept), and the running one spins. */
function Action({ id, busy, look = 'secondary', icon, onClick, children }: ActionProps) {
  return (
    <Button look={look} className={`${size} ${LOOK_EXTRA[look]}`} busy={busy !== null} onClick={onClick}>
      <Spin on={busy === id} icon={icon} /> {children}
    </Button>
  );
}

/** The buyer's buttons: upload the payment proof, or download the licensed track and certificate. */
export function BuyerActions({ order, can }: { order: Order; can: OrderActions }) {
  const { busy, run } = useOrderAction();

  const onProof = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || busy !== null) return;
    const problem = proofProblem(file);
    if (problem) return notifyError(ORDER_MSG.uploadFailed, problem);
    void run('proof', () => uploadProof(order.id, file), { success: ORDER_MSG.proofUploaded, failure: ORDER_MSG.uploadFailed });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {can.uploadProof && (
        <label
          className={`${buttonClass('primary', size)} cursor-pointer focus-within:ring-2 focus-within:ring-fuchsia-400 ${busy ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Spin on={busy === 'proof'} icon={<Upload className="size-4" aria-hidden />} />
          Upload payment proof
          <input type="file" accept="image/*" className="sr-only" onChange={onProof} aria-disabled={busy !== null || undefined} />
        </label>
      )}
      {can.viewProof && <ViewProof orderId={order.id} busy={busy} run={run} />}
      {can.download && (
        <>
          <Action
            id="track"
            busy={busy}
            look="primary"
            icon={<Download className="size-4" aria-hidden />}
            onClick={() => void run('track', () => downloadTrack(order.id), { success: ORDER_MSG.downloadStarted, failure: 'Download failed' })}
          >
            {/* A preview-version licence delivers the preview (the API decides; this names it). */}
            {order.version_type === 'preview' ? 'Download preview' : 'Download track'}
          </Action>
          <Action
            id="certificate"
            busy={busy}
            icon={<FileText className="size-4" aria-hidden />}
            onClick={() => void run('certificate', () => downloadCertificate(order.id), { success: ORDER_MSG.downloadStarted, failure: 'Download failed' })}
          >
            Download certificate
          </Action>
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
    } else window.open(url, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** 'View proof', for both sides of a Cash App order with a proof. */
function ViewProof({ orderId, busy, run }: { orderId: string } & ReturnType<typeof useOrderAction>) {
  return (
    <Action id="view" busy={busy} icon={<Eye className="size-4" aria-hidden />} onClick={() => void run('view', () => viewProof(orderId), { failure: 'Failed to open proof' })}>
      View proof
    </Action>
  );
}

/** The seller's buttons: look at the proof, approve or reject. */
export function SellerActions({ order, can }: { order: Order; can: OrderActions }) {
  const { busy, run } = useOrderAction();
  const { confirm, dialog } = useConfirm();
  const reject = async () => {
    if (!(await confirm({ title: 'Reject order', action: 'Reject', description: 'Reject this order?' }))) return;
    void run('reject', () => decideOrder(order.id, 'reject'), { success: ORDER_MSG.orderRejected, failure: ORDER_MSG.rejectFailed });
  };
  return (
    <div className="flex flex-wrap gap-2">
      {can.viewProof && <ViewProof orderId={order.id} busy={busy} run={run} />}
      {can.approve && (
        <Action
          id="approve"
          busy={busy}
          look="primary"
          icon={<Check className="size-4" aria-hidden />}
          onClick={() => void run('approve', () => decideOrder(order.id, 'approve'), { success: ORDER_MSG.orderApproved, failure: ORDER_MSG.approvalFailed })}
        >
          Approve
        </Action>
      )}
      {can.reject && (
        <Action id="reject" busy={busy} icon={<X className="size-4" aria-hidden />} onClick={() => void reject()}>
          Reject
        </Action>
      )}
      {dialog}
    </div>
  );
}
