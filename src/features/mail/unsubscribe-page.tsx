import { MailX, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { MAIL_MSG } from '@common/email-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError, saysWhenToRetry } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

type State = 'asking' | 'busy' | 'unsubscribed' | 'subscribed';

/** Why a change did not go through: a bad link; a limit, with when to try again; offline; else try again. */
function refusalText(err: unknown): string {
  if (!(err instanceof ApiError)) return MAIL_MSG.failed;
  // 400: a damaged link (a token cut short); 404: one that is not anyone's.
  if (err.status === 400 || err.status === 404) return MAIL_MSG.badLink;
  if (saysWhenToRetry(err)) return err.message;
  return MAIL_MSG.failed;
}

/**
 * Where the footer link of a campaign mail leads: one button turns campaign mail off (and back
 * on); no sign-in needed, the link's token is the proof. Account mail is not affected.
 */
export function UnsubscribePage({ u, t }: { u?: string; t?: string }) {
  const [state, setState] = useState<State>('asking');
  const [error, setError] = useState<string | null>(null);
  const valid = Boolean(u && t);

  const change = async (subscribe: boolean) => {
    setState('busy');
    setError(null);
    try {
      await call(endpoints.mail.unsubscribe, { body: { u: u ?? '', t: t ?? '', subscribe } });
      setState(subscribe ? 'subscribed' : 'unsubscribed');
    } catch (err) {
      setError(refusalText(err));
      setState('asking');
    }
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Card as="div" className="space-y-4 p-6 text-center">
        {state === 'unsubscribed' ? (
          <MailX className="mx-auto size-12 text-fuchsia-300" aria-hidden />
        ) : (
          <MailCheck className="mx-auto size-12 text-fuchsia-300" aria-hidden />
        )}
        <h1 className="text-2xl font-black">{MAIL_MSG.unsubscribeTitle}</h1>
        <p role="status" className="text-zinc-200">
          {state === 'unsubscribed' ? MAIL_MSG.unsubscribed : state === 'subscribed' ? MAIL_MSG.resubscribed : valid ? MAIL_MSG.unsubscribeIntro : MAIL_MSG.badLink}
        </p>
        {valid ? <p className="text-sm text-zinc-300">{MAIL_MSG.accountMailNote}</p> : null}
        {error ? (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
        {valid ? (
          <div className="flex justify-center">
            {state === 'unsubscribed' ? (
              <Button look="secondary" onClick={() => void change(true)}>
                {MAIL_MSG.resubscribe}
              </Button>
            ) : (
              // Also after subscribing again: the page keeps offering the way out.
              <Button onClick={() => void change(false)} disabled={state === 'busy'}>
                {MAIL_MSG.unsubscribe}
              </Button>
            )}
          </div>
        ) : null}
      </Card>
    </section>
  );
}
