import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { followAccount } from './data/account-feed';
import { loadDataLayer } from './data/lazy';
import { unsentVotesMark } from './data/unsent-votes';
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

/** Renders only once Firebase has reported the first auth state, so guards see the truth. */
async function boot() {
  await startSession();
  const apply = (session: ReturnType<typeof useSession.getState>) => {
    router.update({ ...router.options, context: { session } });
    const uid = session.user?.uid ?? null;
    followAccount(uid);
    // Votes cast offline on an earlier visit: RxDB loads now to push them (it follows the session).
    if (uid && unsentVotesMark(uid)) void loadDataLayer();
  };
  apply(useSession.getState());
  useSession.subscribe((session, prev) => {
    if (session.user?.uid === prev.user?.uid) return;
    apply(session);
    void router.invalidate();
  });
  // The matched routes (and their code) are loaded first: the first render is the page itself,
  // which replaces a prerendered snapshot of it without a blank frame between them.
  await router.load().catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  if ('storage' in navigator && navigator.storage.persist) void navigator.storage.persist().catch(() => false);
}

boot().catch((err: unknown) => notifyError('Failed to start', err));
