import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { ToastHost } from '@/components/toast-host';
import { RadioPlayer } from '@/features/radio/radio-player';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { Footer } from '@/features/shell/footer';
import { NavBar } from '@/features/shell/nav-bar';
import { usePageTitle } from '@/lib/page-title';
import { useRouteFocus } from '@/features/shell/route-focus';
import { MAIN_ID, SkipLink } from '@/features/shell/skip-link';
import { UpdatePrompt } from '@/features/pwa/update-prompt';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  useRouteFocus();
  usePageTitle();
  return (
    <div className="flex min-h-dvh flex-col pb-16">
      <SkipLink />
      <NavBar />
      {/* Focusable for the skip link (no ring of its own: styles.css); the page's controls carry the focus ring. */}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <RadioPlayer />
      {/* Below the 64 px bar: a toast must not cover the balance it announces. */}
      <ToastHost theme="system" richColors position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} closeButton />
      <UpdatePrompt />
    </div>
  );
}
