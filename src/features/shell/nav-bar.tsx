import { Link } from '@tanstack/react-router';
import { AudioWaveform, LogIn, LogOut } from 'lucide-react';
import { PRODUCT_NAME } from '@common/constants';
import { PATHS } from '@common/paths';
import { useSession } from '@/lib/session';
import { BalancePill, CmsLink, MyTracksLink, OrdersLink, UserChip } from './account-badges';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-items';
import { useSignOut } from './use-sign-out';

/**
 * The bar: the logo, the spec's links, and the account's items on one line. A super admin's bar
 * (balance, name and badge, My Tracks, My Orders, CMS, Sign Out) needs ~1,100 px: below xl
 * (1280 px) the menu holds the items instead, and My Tracks / My Orders show their icon only.
 */
export function NavBar() {
  const user = useSession((s) => s.user);
  const { signOut, dialog: signOutDialog } = useSignOut();
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-800 bg-zinc-950/85 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-4" aria-label="Main">
        <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-black tracking-tight">
          <AudioWaveform className="size-6 text-fuchsia-400" aria-hidden />
          <span className="bg-gradient-to-r from-fuchsia-400 to-violet-400 bg-clip-text text-transparent">{PRODUCT_NAME}</span>
        </Link>
        <div className="hidden items-center gap-1 xl:flex">
          {NAV_LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
              activeProps={{ className: 'text-zinc-50 bg-zinc-800/70' }}
            >
              {l.label}
            </Link>
          ))}
        </div>
        <div className="ml-auto hidden min-w-0 items-center gap-3 xl:flex">
          {user ? (
            <>
              <BalancePill />
              <UserChip />
              <MyTracksLink compact />
              <OrdersLink compact />
              <CmsLink />
              <button
                type="button"
                onClick={() => void signOut()}
                className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border border-zinc-700 px-3 py-2 text-sm hover:bg-zinc-800"
              >
                <LogOut className="size-4" aria-hidden /> Sign Out
              </button>
            </>
          ) : (
            <Link
              to={PATHS.auth}
              className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-md bg-fuchsia-700 text-white px-4 py-2 text-sm font-semibold hover:bg-fuchsia-800"
            >
              <LogIn className="size-4" aria-hidden /> Sign In
            </Link>
          )}
        </div>
        <div className="ml-auto flex items-center gap-2 xl:hidden">
          {/* At 320 px the bar holds the logo, the pill and the menu button: the pill shows the number alone. */}
          {user ? <BalancePill short /> : null}
          <MobileMenu />
        </div>
      </nav>
      {signOutDialog}
    </header>
  );
}
