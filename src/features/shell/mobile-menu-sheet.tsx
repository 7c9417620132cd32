import { Link } from '@tanstack/react-router';
import { LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import { PATHS } from '@common/paths';
import { Dialog, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSession } from '@/lib/session';
import { BalancePill, CmsLink, MyTracksLink, OrdersLink, UserChip } from './account-badges';
import { NAV_LINKS } from './nav-items';
import { useSignOut } from './use-sign-out';

/** The slide-in side menu on small screens, with the same items as the bar (loaded when first opened). */
export function MobileMenuSheet({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const user = useSession((s) => s.user);
  // The sheet closes as Sign Out starts: its question (unsent votes) is asked beside it, not in it.
  const { signOut, dialog: signOutDialog } = useSignOut();
  // Closed by a link: the new page takes the focus (useRouteFocus); closed otherwise, the menu button gets it back.
  const [leaving, setLeaving] = useState(false);
  const close = () => {
    setLeaving(true);
    setOpen(false);
  };
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setLeaving(false);
          setOpen(next);
        }}
        giveFocusBack={!leaving}
        placement="right"
        overlayClassName="bg-black/60"
        className="flex w-72 flex-col gap-2 border-l border-zinc-800 bg-zinc-950 p-5 shadow-2xl"
      >
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-lg font-bold">Menu</DialogTitle>
          <DialogCloseX label="Close menu" />
        </div>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        {user ? (
          <div className="mb-3 flex flex-col gap-3">
            <UserChip />
            <BalancePill />
          </div>
        ) : null}
        {NAV_LINKS.map((l) => (
          <Link key={l.to} to={l.to} onClick={close} className="rounded-md px-3 py-2 text-base hover:bg-zinc-800">
            {l.label}
          </Link>
        ))}
        {user ? <MyTracksLink onNavigate={close} /> : null}
        {user ? <OrdersLink onNavigate={close} /> : null}
        <CmsLink onNavigate={close} />
        <div className="mt-auto">
          {user ? (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void signOut();
              }}
              className="flex w-full items-center justify-center gap-2 rounded-md border border-zinc-700 px-3 py-2"
            >
              <LogOut className="size-4" aria-hidden /> Sign Out
            </button>
          ) : (
            <Link to={PATHS.auth} onClick={close} className="flex w-full items-center justify-center gap-2 rounded-md bg-fuchsia-700 text-white px-3 py-2 font-semibold">
              <LogIn className="size-4" aria-hidden /> Sign In
            </Link>
          )}
        </div>
      </Dialog>
      {signOutDialog}
    </>
  );
}
