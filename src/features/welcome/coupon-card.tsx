import { Ticket } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { MSG } from '@common/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, INPUT } from '@/components/ui/field';
import { afterWrite } from '@/data/lazy';
import { ApiError, saysWhenToRetry } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { toast } from '@/lib/toast';
import { couponToast } from '@/lib/coupon-outcome';

/**
 * A coupon for an existing account (the Coupon Email sends its readers here): the same
 * redemption and toasts as a coupon given at sign-up. The server decides, once per user per code.
 */
export function CouponCard() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const redeem = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(MSG.couponInvalidDefault);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await call(endpoints.tokens.redeemCoupon, { body: { code } });
      const t = couponToast(res);
      toast.success(t.title, { description: t.description });
      setCode('');
      void afterWrite(['token_balances']);
    } catch (err) {
      // A refusal (400) is the code's fault; a limit says when to retry; anything else could not apply it.
      if (err instanceof ApiError && err.status === 400) {
        const t = couponToast({ success: false, message: err.message });
        toast.error(t.title, { description: t.description });
        setError(t.description);
        input.current?.focus();
      } else {
        // A limit says when to try again; offline, the API client says so; else the spec's words.
        const t = couponToast({ success: false, message: '', error: true });
        toast.error(t.title, { description: saysWhenToRetry(err) ? err.message : t.description });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Ticket className="size-5 text-fuchsia-300" aria-hidden /> Redeem a coupon
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Got a coupon code by email? Add its tokens to your balance.</p>
      <form onSubmit={(e) => void redeem(e)} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <Field label="Coupon code" error={error} className="min-w-0 flex-1">
          <input
            ref={input}
            name="coupon"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            className={`${INPUT} font-mono uppercase`}
          />
        </Field>
        <Button type="submit" busy={busy} className="px-5 py-2.5 font-semibold sm:mt-[1.625rem]">
          {busy ? 'Redeeming…' : 'Redeem'}
        </Button>
      </form>
    </Card>
  );
}
