import { paymentLabel, type RadioStatus, type RadioSubmission } from '@common/radio/radio';
import { Badge } from '@/components/ui/badge';

/** The spec's badge variants (§4), in the kit's tinted-ring look the CMS uses. */
const VARIANTS = {
  default: 'bg-fuchsia-500/15 text-fuchsia-100 ring-fuchsia-400/50',
  secondary: 'bg-zinc-700/60 text-zinc-100 ring-zinc-500/50',
  destructive: 'bg-red-500/15 text-red-200 ring-red-500/50',
  outline: 'bg-transparent text-zinc-200 ring-zinc-500',
} as const;

/** Radio status → badge variant: pending secondary, rejected destructive, broadcasted outline, the rest default. */
export const RADIO_STATUS_VARIANT: Record<RadioStatus, keyof typeof VARIANTS> = {
  pending: 'secondary',
  approved: 'default',
  rejected: 'destructive',
  uploaded: 'default',
  scheduled: 'default',
  broadcasted: 'outline',
};

export function RadioStatusBadge({ status, prefix = '' }: { status: RadioStatus; prefix?: string }) {
  return (
    <Badge className={`inline-block whitespace-nowrap capitalize ring-1 ${VARIANTS[RADIO_STATUS_VARIANT[status]]}`} data-testid="radio-status">
      {prefix}
      {status}
    </Badge>
  );
}

/** Payment (paymentLabel): paid is highlighted. */
export function PaymentBadge({ submission }: { submission: Pick<RadioSubmission, 'payment_status' | 'payment_amount' | 'status'> }) {
  const label = paymentLabel(submission);
  const tone = label === 'paid' ? 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/50' : VARIANTS.secondary;
  return <Badge className={`inline-block capitalize ring-1 ${tone}`}>{label}</Badge>;
}

/** A local date-time for a stored ISO time, or a dash. */
export const localDateTime = (iso: string | null): string => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};
