import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet').then((m) => ({ default: m.MobileMenuSheet })));

/** The hamburger button; the sheet's code loads on first open. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 hover:bg-zinc-800"
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
