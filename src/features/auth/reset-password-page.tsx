import { Link, useNavigate } from '@tanstack/react-router';
import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '@common/constants';
import { PASSWORD_MSG, PASSWORD_TOO_SHORT } from '@common/messages';
import { PATHS } from '@common/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, INPUT } from '@/components/ui/field';
import { ApiError, saysWhenToRetry } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { auth } from '@/lib/firebase';
import { notifyError, notifySuccess } from '@/lib/notify';
import { authErrorText } from './auth-api';


/**
 * /reset-password: without a code, the form that mails a reset link (the answer never says
 * whether an account has the address); with the mail's code, the form that sets the new password
 * through Firebase Auth, which checks the code (once, within its hour).
 */
export function ResetPasswordPage({ code, email }: { code?: string; email?: string }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Card as="div" className="p-6 shadow-xl sm:p-8">
        <KeyRound className="mx-auto size-10 text-fuchsia-300" aria-hidden />
        {code ? <ChoosePassword code={code} /> : <AskForLink initialEmail={email ?? ''} />}
      </Card>
    </section>
  );
}

/** A form's one button: while it works (or the page checks the link), it keeps the focus and shows a spinner. */
function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Button type="submit" busy={busy} className="flex w-full items-center justify-center gap-2 py-2.5 font-semibold">
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
      {children}
    </Button>
  );
}

function AskForLink({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const address = email.trim();
    setError(null);
    setBusy(true);
    try {
      await call(endpoints.accounts.passwordReset, { body: { email: address } });
      setSentTo(address);
    } catch (err) {
      // A refused address is the field's; a limit or being offline says what to do; else try later.
      if (err instanceof ApiError && err.status === 400) {
        setError(err.withoutField);
        input.current?.focus();
      } else {
        notifyError(PASSWORD_MSG.requestTitle, saysWhenToRetry(err) ? err.message : PASSWORD_MSG.requestFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="mt-3 text-center text-2xl font-bold">{PASSWORD_MSG.requestTitle}</h1>
      <p role="status" className="mt-2 text-center text-sm text-zinc-300">
        {sentTo === null ? PASSWORD_MSG.requestIntro : PASSWORD_MSG.sent(sentTo)}
      </p>
      <form onSubmit={(e) => void send(e)} className="mt-6 space-y-4" noValidate>
        <Field label="Email" error={error}>
          <input
            ref={input}
            className={INPUT}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            placeholder="you@example.com"
            maxLength={254}
          />
        </Field>
        <SubmitButton busy={busy}>{PASSWORD_MSG.send}</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to={PATHS.auth} search={{ mode: 'signin' }} className="text-fuchsia-300 underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </>
  );
}

/** Firebase's answer to a code that cannot be used (expired, used, made up). */
const isBadCode = (err: unknown) => ['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found'].includes((err as { code?: string }).code ?? '');

function ChoosePassword({ code }: { code: string }) {
  const navigate = useNavigate();
  // The account's address once Firebase has checked the code; 'bad' when it cannot be used.
  const [account, setAccount] = useState<string | 'bad' | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    verifyPasswordResetCode(auth, code).then(
      (email) => live && setAccount(email),
      (err: unknown) => {
        if (!live) return;
        if (isBadCode(err)) setAccount('bad');
        else notifyError(PASSWORD_MSG.failed, authErrorText(err));
      },
    );
    return () => {
      live = false;
    };
  }, [code]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (password.length < PASSWORD_MIN) {
      setError(PASSWORD_TOO_SHORT);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset(auth, code, password);
      notifySuccess(PASSWORD_MSG.saved, PASSWORD_MSG.savedBody);
      void navigate({ to: PATHS.auth, search: { mode: 'signin' } });
    } catch (err) {
      const why = (err as { code?: string }).code;
      if (why === 'auth/weak-password') {
        setError(PASSWORD_TOO_SHORT);
        input.current?.focus();
      } else if (isBadCode(err)) setAccount('bad');
      else notifyError(PASSWORD_MSG.failed, authErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (account === 'bad') {
    return (
      <>
        <h1 className="mt-3 text-center text-2xl font-bold">{PASSWORD_MSG.chooseTitle}</h1>
        <p role="alert" className="mt-2 text-center text-sm text-red-300" data-testid="reset-checked">
          {PASSWORD_MSG.badLink}
        </p>
        <p className="mt-6 text-center">
          <Link to={PATHS.resetPassword} search={{}} className="font-semibold text-fuchsia-300 underline-offset-4 hover:underline">
            {PASSWORD_MSG.askAgain}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="mt-3 text-center text-2xl font-bold">{PASSWORD_MSG.chooseTitle}</h1>
      <p role="status" className="mt-2 text-center text-sm text-zinc-300 [overflow-wrap:anywhere]">
        {account === null ? PASSWORD_MSG.checking : PASSWORD_MSG.chooseIntro(account)}
      </p>
      <form onSubmit={(e) => void save(e)} className="mt-6 space-y-4" noValidate>
        {/* The account's address for password managers, which save the new password under it. */}
        <input type="email" name="email" autoComplete="username" value={account ?? ''} readOnly hidden />
        <Field label="New password" hint={`At least ${PASSWORD_MIN} characters.`} error={error}>
          <input
            ref={input}
            className={INPUT}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            maxLength={128}
            disabled={account === null}
          />
        </Field>
        <SubmitButton busy={busy || account === null}>{PASSWORD_MSG.save}</SubmitButton>
      </form>
    </>
  );
}
