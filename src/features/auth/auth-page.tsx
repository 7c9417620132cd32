import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { Gift, Loader2, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { MSG, PASSWORD_MSG } from '@common/messages';
import { PATHS, type ReturnPath } from '@common/paths';
import { normalizeCoupon, normalizeUsername, usernameProblem } from '@common/accounts/username';
import { tokenCount } from '@common/format';
import { Button } from '@/components/ui/button';
import { Field, INPUT } from '@/components/ui/field';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { useApiRead } from '@/hooks/use-api-read';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { PASSWORD_MIN, TIMINGS_MS } from '@common/constants';
import { useLivePricing } from '@/hooks/use-live-pricing';
import {
  authErrorText,
  redeemSignupCoupon,
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
  usesAuthEmulator,
  type EmulatorGoogleAccount,
  type SignupResult,
} from './auth-api';
import { couponToast } from '@/lib/coupon-outcome';
import { EmulatorGoogleDialog } from './emulator-google-dialog';
import { GoogleIcon } from './google-icon';

type Mode = 'signin' | 'signup';

const MODES = ['signin', 'signup'] as const;

function reportCoupon(coupon: SignupResult['coupon']) {
  if (!coupon) return;
  const { tone, title, description } = couponToast(coupon);
  if (tone === 'success') notifySuccess(title, description);
  else toast.error(title, { description });
}

/** The spec's 'Sign Up & Get 50 Tokens', with the sign-up grant in force (an admin sets it; none: no tokens named). */
const signUpLabel = (grant: number) => (grant > 0 ? `Sign Up & Get ${grant} ${grant === 1 ? 'Token' : 'Tokens'}` : 'Sign Up');
const signUpIntro = (grant: number) => (grant > 0 ? `Get ${tokenCount(grant)} and a free week of unlimited voting.` : 'Get a free week of unlimited voting.');

/** The sign-up fields a refusal can name. */
type FieldName = 'username' | 'email' | 'password';

/** `returnTo`: where a sign-in goes (the screen that sent the visitor here); home when none. A new account goes to /welcome. */
export function AuthPage({ referralCode, initialMode, returnTo }: { referralCode?: string; initialMode: Mode; returnTo?: ReturnPath }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [coupon, setCoupon] = useState('');
  const [busy, setBusy] = useState(false);
  const { signup_grant } = useLivePricing({ afterFirstPaint: true });
  // ?ref= names a referrer only once the name is known to exist (a /{username} link checked it
  // already; a typed or made-up one had shown as real). Unknown for want of an answer: shown.
  const referrer = useApiRead(
    referralCode ? (signal) => call(endpoints.accounts.usernameExists, { params: { username: referralCode }, signal }) : null,
    [referralCode],
  );
  const shownReferrer = referralCode && (referrer.data?.exists === true || referrer.failed) ? referralCode : undefined;
  /** The sign-up field a refusal is about: marked invalid, its message under it, and focused. */
  const [invalid, setInvalid] = useState<{ field: FieldName; message: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const refuse = (field: FieldName, message: string) => {
    setInvalid({ field, message });
    form.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  };
  /** `field`'s error, if the refusal is about it. */
  const errorOf = (field: FieldName) => (invalid?.field === field ? invalid.message : null);
  const edited = (field: FieldName) => {
    if (invalid?.field === field) setInvalid(null);
  };
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  /** Set while a sign-up or Google flow decides where to go next (the welcome page). */
  const flowOwnsNavigation = useRef(false);

  const router = useRouter();
  useEffect(() => {
    if (!user || flowOwnsNavigation.current) return;
    // Back (or home) after the toast, unless the user has already gone elsewhere (a link clicked meanwhile).
    const t = setTimeout(() => {
      if (router.latestLocation.pathname === PATHS.auth) void navigate({ to: returnTo ?? PATHS.home });
    }, TIMINGS_MS.signInRedirect);
    return () => clearTimeout(t);
  }, [user, navigate, router, returnTo]);

  const signUp = async () => {
    const problem = usernameProblem(username);
    if (problem) {
      refuse('username', problem);
      return problem === MSG.usernameRequired || problem === MSG.usernameTaken ? notifyError(problem) : notifyError(MSG.signUpFailed, problem);
    }
    flowOwnsNavigation.current = true;
    try {
      const result = await signUpWithPassword({
        username,
        email,
        password,
        referral_code: referralCode,
        coupon: coupon ? normalizeCoupon(coupon) : undefined,
      });
      notifySuccess(MSG.accountCreated);
      reportCoupon(result.coupon);
      await navigate({ to: PATHS.welcome });
    } catch (err) {
      flowOwnsNavigation.current = false;
      if (err instanceof ApiError && err.message === MSG.usernameTaken) {
        refuse('username', MSG.usernameTaken);
        notifyError(MSG.usernameTaken);
      } else {
        const field = err instanceof ApiError ? err.field : null;
        if (field === 'username' || field === 'email' || field === 'password') refuse(field, (err as ApiError).withoutField);
        notifyError(MSG.signUpFailed, err instanceof ApiError ? err.withoutField : authErrorText(err));
      }
    }
  };

  const signIn = async () => {
    try {
      await signInWithPassword(email, password);
      notifySuccess(MSG.welcomeBack);
    } catch (err) {
      notifyError(MSG.signInFailed, authErrorText(err));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await (mode === 'signup' ? signUp() : signIn());
    } finally {
      setBusy(false);
    }
  };

  const [chooserOpen, setChooserOpen] = useState(false);
  const google = async (emulatorAccount?: EmulatorGoogleAccount) => {
    setChooserOpen(false);
    setBusy(true);
    flowOwnsNavigation.current = true;
    try {
      // A new account is welcomed; a returning one goes where the sign-in was asked for.
      const created = await signInWithGoogle(referralCode, emulatorAccount);
      // The sign-up form's coupon, typed before choosing Google: the form's own sign-up sends it.
      if (mode === 'signup' && coupon.trim()) reportCoupon(await redeemSignupCoupon(normalizeCoupon(coupon)));
      await navigate({ to: created ? PATHS.welcome : (returnTo ?? PATHS.home) });
    } catch (err) {
      flowOwnsNavigation.current = false;
      notifyError(MSG.googleSignInFailed, authErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-6 shadow-xl sm:p-8">
        <h1 className="text-center text-2xl font-bold">{mode === 'signup' ? 'Create your account' : 'Welcome back'}</h1>
        <p className="mt-1 text-center text-sm text-zinc-400">
          {mode === 'signup' ? signUpIntro(signup_grant) : 'Sign in to vote, submit and trade tracks.'}
        </p>

        <Tabs
          value={mode}
          onValueChange={(m) => {
            setMode(m as Mode);
            setInvalid(null);
          }}
        >
          <TabList look="segment" className="mt-6 grid grid-cols-2 text-sm font-medium">
            {MODES.map((m) => (
              <Tab key={m} value={m} look="segment" className="data-[state=active]:shadow">
                {m === 'signin' ? 'Sign In' : 'Sign Up'}
              </Tab>
            ))}
          </TabList>
          {MODES.map((m) => (
            <TabPanel key={m} value={m}>
              {mode === 'signup' && shownReferrer ? (
                <div className="mt-5 flex items-center gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
                  <UserPlus className="size-4" aria-hidden /> Referred by <strong>@{shownReferrer}</strong>
                </div>
              ) : null}

              <form ref={m === mode ? form : undefined} onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-4" noValidate={mode === 'signup'}>
                {mode === 'signup' ? (
                  <Field label="Username" hint="3 to 20 characters: letters, digits and underscore." error={errorOf('username')}>
                    <input
                      className={INPUT}
                      name="username"
                      autoComplete="username"
                      value={username}
                      onChange={(e) => {
                        edited('username');
                        setUsername(normalizeUsername(e.target.value));
                      }}
                      placeholder="your_name"
                      maxLength={20}
                    />
                  </Field>
                ) : null}
                <Field label="Email" error={errorOf('email')}>
                  <input
                    className={INPUT}
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => {
                      edited('email');
                      setEmail(e.target.value);
                    }}
                    placeholder="you@example.com"
                  />
                </Field>
                <Field label="Password" error={errorOf('password')}>
                  <input
                    className={INPUT}
                    type="password"
                    name="password"
                    autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                    required
                    minLength={PASSWORD_MIN}
                    value={password}
                    onChange={(e) => {
                      edited('password');
                      setPassword(e.target.value);
                    }}
                    placeholder="••••••••"
                  />
                </Field>
                {mode === 'signin' ? (
                  <p className="-mt-2 text-right text-sm">
                    {/* The address typed so far goes along, so the reset form starts with it. */}
                    <Link to={PATHS.resetPassword} search={{ email: email.trim() || undefined }} className="text-fuchsia-300 underline-offset-4 hover:underline">
                      {PASSWORD_MSG.forgot}
                    </Link>
                  </p>
                ) : null}
                {mode === 'signup' ? (
                  <Field
                    label={
                      <span className="flex items-center gap-1.5">
                        <Gift className="size-4 text-amber-300" aria-hidden /> Coupon code <span className="text-zinc-400">(optional)</span>
                      </span>
                    }
                  >
                    <input
                      className={INPUT}
                      name="coupon"
                      value={coupon}
                      onChange={(e) => setCoupon(e.target.value.toUpperCase())}
                      placeholder="WELCOME25"
                      maxLength={64}
                    />
                  </Field>
                ) : null}
                {/* Busy, it keeps the focus (onSubmit ignores Enter meanwhile). */}
                <Button
                  type="submit"
                  look="bare"
                  busy={busy}
                  className="flex w-full items-center justify-center gap-2 rounded-md bg-gradient-to-r from-fuchsia-700 to-violet-600 py-2.5 font-semibold text-white hover:from-fuchsia-800 hover:to-violet-700"
                >
                  {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  {busy ? 'Processing...' : mode === 'signup' ? signUpLabel(signup_grant) : 'Sign In'}
                </Button>
              </form>
            </TabPanel>
          ))}
        </Tabs>

        <div className="my-5 flex items-center gap-3 text-xs uppercase text-zinc-400">
          <span className="h-px flex-1 bg-zinc-800" /> or <span className="h-px flex-1 bg-zinc-800" />
        </div>
        <button
          type="button"
          onClick={() => (usesAuthEmulator ? setChooserOpen(true) : void google())}
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md border border-zinc-700 bg-white py-2.5 font-medium text-black hover:brightness-95 disabled:opacity-60"
        >
          <GoogleIcon /> Continue with Google
        </button>
        {usesAuthEmulator ? <EmulatorGoogleDialog open={chooserOpen} onOpenChange={setChooserOpen} onChoose={(account) => void google(account)} /> : null}
      </div>
    </section>
  );
}
