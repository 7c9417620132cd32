import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { loadDataLayer, loadDataLayerIfLoaded } from './data/lazy';
import { notifyError } from './lib/notify';
import { startSession, useSession } from './lib/session';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { session: useSession.getState() },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Stops replication after sign-out, if it ever started (no need to load RxDB for that). */
async function stopAccountSync() {
  const m = await loadDataLayerIfLoaded();
  await m?.syncAccount(null);
}

/** Renders only once Firebase has reported the first auth state, so guards see the truth. */
async function boot() {
  await startSession();
  const apply = (session: ReturnType<typeof useSession.getState>) => {
    router.update({ ...router.options, context: { session } });
    const uid = session.user?.uid ?? null;
    if (uid) void loadDataLayer().then((m) => m.syncAccount(uid));
    else void stopAccountSync();
  };
  apply(useSession.getState());
  useSession.subscribe((session, prev) => {
    if (session.user?.uid === prev.user?.uid) return;
    apply(session);
    void router.invalidate();
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  if ('storage' in navigator && navigator.storage.persist) void navigator.storage.persist().catch(() => false);
}

boot().catch((err: unknown) => notifyError('Failed to start', err));
