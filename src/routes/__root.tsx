import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { ToastHost } from '@/components/toast-host';
import { RadioPlayer } from '@/features/radio/radio-player';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { Footer } from '@/features/shell/footer';
import { NavBar } from '@/features/shell/nav-bar';
import { UpdatePrompt } from '@/features/pwa/update-prompt';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});

function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col pb-16">
      <NavBar />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <RadioPlayer />
      <ToastHost theme="system" richColors position="top-center" closeButton />
      <UpdatePrompt />
    </div>
  );
}
