import { Link, useNavigate } from '@tanstack/react-router';
import { Coins, Headphones, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { browserPopupRedirectResolver, getRedirectResult } from 'firebase/auth';
import type { ProfileDoc } from '@common/accounts/accounts';
import { TIMINGS_MS } from '@common/constants';
import { VERIFY_MSG } from '@common/messages';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';
import { useBalanceDoc, useProfile } from '@/hooks/use-account';
import { useLivePricing } from '@/hooks/use-live-pricing';
import { reportEmailVerified } from '@/lib/email-verification';
import { fireConfetti, reducedMotion, resetConfetti } from '@/lib/confetti';
import { auth } from '@/lib/firebase';
import { useSession } from '@/lib/session';
import { AffiliateCard } from './affiliate-card';
import { CouponCard } from './coupon-card';
import { EmailStatus } from './email-status';
import { MigrationStatusCard } from './migration-status-card';
import { tokenCount } from '@common/format';

/** Removes OAuth leftovers (code/state or an implicit-flow hash) and the verification link's mark from the address bar. */
function consumeOAuthReturn(): void {
  const url = new URL(window.location.href);
  const hadCode = url.searchParams.has('code') || url.searchParams.has('state');
  const hadHash = /access_token|id_token|error/.test(url.hash);
  if (url.searchParams.has('verified')) {
    url.searchParams.delete('verified');
    window.history.replaceState(window.history.state, '', url.toString());
  }
  if (!hadCode && !hadHash) return;
  void getRedirectResult(auth, browserPopupRedirectResolver).catch((err: unknown) => console.warn('OAuth redirect result failed', err));
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  if (hadHash) url.hash = '';
  window.history.replaceState(window.history.state, '', url.toString());
}

/**
 * The confetti and "your welcome bonus" are for an account's first visit: Google sign-ins land
 * here every time, and people come back for the affiliate link and the migration card. First
 * means not yet celebrated on this device and the account less than a day old (a new device
 * of an old account is not a welcome). Read once per account, so marking it does not change the page.
 */
const celebratedKey = (uid: string) => `welcome-celebrated:${uid}`;
const FIRST_WELCOME_MS = 24 * 60 * 60 * 1000;

function useFirstWelcome(profile: ProfileDoc | null | undefined): boolean | null {
  const uid = profile?.id ?? null;
  const [seen] = useState(() => new Map<string, boolean>());
  const [openedAt] = useState(Date.now);
  if (!profile || !uid) return null;
  if (!seen.has(uid)) {
    const young = !profile.created_at || openedAt - Date.parse(profile.created_at) < FIRST_WELCOME_MS;
    seen.set(uid, young && localStorage.getItem(celebratedKey(uid)) === null);
  }
  return seen.get(uid) ?? false;
}

function useConfetti(uid: string | null, first: boolean | null) {
  useEffect(() => {
    if (!uid || !first) return;
    localStorage.setItem(celebratedKey(uid), new Date().toISOString());
    if (reducedMotion()) return;
    const end = Date.now() + TIMINGS_MS.confetti;
    let frame = 0;
    const burst = () => {
      fireConfetti({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0 } });
      fireConfetti({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1 } });
      if (Date.now() < end) frame = requestAnimationFrame(burst);
    };
    burst();
    return () => {
      cancelAnimationFrame(frame);
      resetConfetti();
    };
  }, [uid, first]);
}

/** Whether the page was opened from the verification mail's link (its continue URL says so); read once, as the address loses it. */
const openedFromVerification = () => new URLSearchParams(window.location.search).has('verified');

/** Someone not signed in here, e.g. from the verification link on another device: what happened, and the way to sign in. */
function SignedOutWelcome({ verified }: { verified: boolean }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-4xl font-black">{verified ? VERIFY_MSG.verified : 'Welcome! 🎉'}</h1>
      <p className="mt-3 text-zinc-300">{verified ? VERIFY_MSG.verifiedSignIn : VERIFY_MSG.signInForBonus}</p>
      <Link to={PATHS.auth} search={{ next: PATHS.welcome }} className={buttonClass('primary', 'mt-6 inline-flex items-center justify-center px-6 py-3 font-bold')}>
        Sign In
      </Link>
    </section>
  );
}

export function WelcomePage() {
  const user = useSession((s) => s.user);
  const ready = useSession((s) => s.ready);
  const [fromVerification] = useState(openedFromVerification);
  const navigate = useNavigate();
  const profile = useProfile();
  const balance = useBalanceDoc();
  // The amounts in force (an admin sets them): the daily token here, the referral reward in the affiliate card.
  const pricing = useLivePricing();

  useEffect(consumeOAuthReturn, []);
  // The verification link lands here: the referrer is paid once the API sees the address verified.
  const [verified, setVerified] = useState<boolean | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void reportEmailVerified().then((v) => live && setVerified(v));
    return () => {
      live = false;
    };
  }, [user]);
  const first = useFirstWelcome(profile);
  useConfetti(profile?.id ?? null, first);
  useEffect(() => {
    if (user) return;
    // Back here once signed in (the Coupon Email sends its readers to this page).
    const t = setTimeout(() => void navigate({ to: PATHS.auth, search: { next: PATHS.welcome } }), TIMINGS_MS.welcomeRedirect);
    return () => clearTimeout(t);
  }, [user, navigate]);

  if (ready && !user) return <SignedOutWelcome verified={fromVerification} />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <div className="text-center">
        <h1 className="break-words text-4xl font-black">
          {first === false ? 'Welcome back' : 'Welcome'}
          {profile ? `, ${profile.full_name || profile.username}` : ''}!{first === false ? '' : ' 🎉'}
        </h1>
        <p className="mt-3 text-zinc-300">{first === false ? 'Here is your balance.' : 'Your account is ready. Here is your welcome bonus.'}</p>
        <EmailStatus verified={verified} />
        <div className="mx-auto mt-6 inline-flex items-center gap-3 rounded-2xl border border-amber-400/30 bg-amber-400/10 px-6 py-4">
          <Coins className="size-8 text-amber-300" aria-hidden />
          <div className="text-left">
            <p className="text-3xl font-black text-amber-100" data-testid="welcome-balance">
              {balance ? tokenCount(balance.balance) : '… tokens'}
            </p>
            {pricing.daily_drip > 0 ? <p className="text-sm text-amber-200">plus {tokenCount(pricing.daily_drip)} daily</p> : null}
          </div>
        </div>
      </div>
      <div className="mt-10 grid grid-cols-1 gap-6">
        {profile ? <AffiliateCard username={profile.username} referralReward={pricing.referral_reward} /> : null}
        {profile ? <CouponCard /> : null}
        {profile ? <MigrationStatusCard profile={profile} /> : null}
      </div>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={PATHS.vote} className={buttonClass('primary', 'inline-flex items-center justify-center gap-2 px-6 py-3 font-bold')}>
          <Headphones className="size-5" aria-hidden /> Start Voting Now
        </Link>
        <Link to={PATHS.marketplace} className={buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-6 py-3 font-semibold hover:bg-zinc-900')}>
          <ShoppingBag className="size-5" aria-hidden /> Explore Marketplace
        </Link>
      </div>
    </section>
  );
}
