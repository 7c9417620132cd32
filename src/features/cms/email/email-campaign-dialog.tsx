import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EMAIL_BODY_MAX, EMAIL_MSG, EMAIL_SUBJECT_MAX, type CampaignProgress } from '@common/email-messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, INPUT } from '@/components/ui/field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { createCampaign, createCouponCampaign, sendCampaignBatch } from './email-api';

export type CampaignVariant = 'message' | 'coupon';

type Step = { at: 'compose' } | { at: 'confirm' } | { at: 'sending'; progress: CampaignProgress | null; error: string | null };

const errorText = (err: unknown) => (err instanceof Error ? err.message : EMAIL_MSG.campaignFailed);

/** The progress of a campaign: a labelled bar and "n / total". */
function Progress({ progress, coupon }: { progress: CampaignProgress | null; coupon: boolean }) {
  const processed = progress?.processed ?? 0;
  const total = progress?.total ?? 0;
  return (
    <div className="space-y-2">
      <div className="flex justify-between text-sm">
        <label htmlFor="campaign-progress" className="font-medium">
          {progress?.done ? 'Sent' : 'Sending...'}
        </label>
        <span className="tabular-nums text-zinc-300" data-testid="campaign-count">
          {processed} / {total}
        </span>
      </div>
      <progress id="campaign-progress" max={Math.max(total, 1)} value={progress?.done ? Math.max(total, 1) : processed} className="h-2 w-full accent-fuchsia-500" />
      {progress ? (
        <p className="text-xs text-zinc-400">
          {progress.queued} queued, {progress.skipped} skipped (unsubscribed, no verified email{coupon ? ', or already redeemed' : ''})
        </p>
      ) : null}
    </div>
  );
}

/**
 * Email All Users (subject and body) or Send Coupon Email (a coupon code): compose, confirm
 * "Send to all subscribed users?", then send the campaign batch by batch with its progress. A
 * batch that fails can be resumed: the server writes each user's message once.
 */
export function CampaignDialog({ variant, onClose }: { variant: CampaignVariant; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ at: 'compose' });
  // One key per content: a create retried after a lost answer is the same campaign, but an edited one is a new campaign.
  const keyOf = useRef<{ content: string; key: string } | null>(null);
  const idempotencyKey = (content: string) => {
    if (keyOf.current?.content !== content) keyOf.current = { content, key: crypto.randomUUID() };
    return keyOf.current.key;
  };
  const campaignId = useRef<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const title = variant === 'coupon' ? 'Send Coupon Email' : 'Email All Users';
  const ready = variant === 'coupon' ? code.trim() !== '' : subject.trim() !== '' && body.trim() !== '';
  const sending = step.at === 'sending' && !step.error && !step.progress?.done;

  const run = async () => {
    setStep({ at: 'sending', progress: null, error: null });
    try {
      let progress = campaignId.current
        ? await sendCampaignBatch(campaignId.current)
        : variant === 'coupon'
          ? await createCouponCampaign(code.trim(), idempotencyKey(code.trim()))
          : await createCampaign({ subject: subject.trim(), body: body.trim() }, idempotencyKey(JSON.stringify([subject.trim(), body.trim()])));
      campaignId.current = progress.id;
      if (!alive.current) return;
      setStep({ at: 'sending', progress, error: null });
      while (!progress.done) {
        progress = await sendCampaignBatch(progress.id);
        if (!alive.current) return;
        setStep({ at: 'sending', progress, error: null });
      }
      notifySuccess(EMAIL_MSG.campaignDone(progress.queued, progress.skipped));
    } catch (err) {
      if (!alive.current) return;
      notifyError(EMAIL_MSG.campaignFailed, err);
      // Before the campaign exists the admin fixes the form; after, they resume.
      setStep(campaignId.current ? (s) => ({ at: 'sending', progress: s.at === 'sending' ? s.progress : null, error: errorText(err) }) : { at: 'compose' });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) setStep({ at: 'confirm' });
  };

  return (
    <Dialog open onOpenChange={(open) => (open || sending ? undefined : onClose())} className="w-[min(100vw-2rem,40rem)] space-y-5 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl">
      <div className="flex items-start justify-between gap-4">
        <div>
          <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
          <DialogDescription className="text-sm text-zinc-400">
            {variant === 'coupon'
              ? 'Mails the Coupon Email template with this coupon to every subscribed user with a verified address who has not redeemed it yet.'
              : 'A message to every user with a verified address who has not unsubscribed from campaign emails.'}
          </DialogDescription>
        </div>
        <DialogCloseX className="text-zinc-400" disabled={sending} />
      </div>

      {step.at === 'compose' ? (
        <form onSubmit={submit} className="space-y-4">
          {variant === 'coupon' ? (
            <Field label="Coupon code" hint="An active coupon that has not expired">
              <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={64} className={`${INPUT} uppercase`} autoComplete="off" required />
            </Field>
          ) : (
            <>
              <Field label="Subject">
                <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={EMAIL_SUBJECT_MAX} className={INPUT} required />
              </Field>
              <Field label="Body" hint="Plain text; links become links, and {{username}} becomes each reader's username. The unsubscribe footer is added to each email.">
                <textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={EMAIL_BODY_MAX} rows={8} className={INPUT} required />
              </Field>
            </>
          )}
          <div className="flex justify-end gap-2">
            <Button look="secondary" onClick={onClose} className="px-4 py-2 hover:bg-zinc-800">
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} className="px-4 py-2 font-semibold disabled:opacity-50">
              Continue
            </Button>
          </div>
        </form>
      ) : step.at === 'confirm' ? (
        <div className="space-y-4">
          <p className="rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 font-medium text-amber-100" role="alert">
            {EMAIL_MSG.confirmAll}
          </p>
          <p className="text-sm text-zinc-300">{variant === 'coupon' ? `Coupon ${code.trim().toUpperCase()}` : subject.trim()}</p>
          <div className="flex justify-end gap-2">
            <Button look="secondary" onClick={() => setStep({ at: 'compose' })} className="px-4 py-2 hover:bg-zinc-800">
              Back
            </Button>
            <Button onClick={() => void run()} className="px-4 py-2 font-semibold" autoFocus>
              Send to all
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <Progress progress={step.progress} coupon={variant === 'coupon'} />
          {step.error ? (
            <p className="text-sm text-red-300" role="alert">
              {step.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            {step.error ? (
              <Button onClick={() => void run()} className="px-4 py-2 font-semibold">
                Resume
              </Button>
            ) : null}
            <Button look="secondary" onClick={onClose} disabled={sending} className="px-4 py-2 hover:bg-zinc-800 disabled:opacity-50">
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
