import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { ErrorScreen } from './components/error-screen';
import { followAccount } from './data/account-feed';
import { loadDataLayer } from './data/lazy';
import { unsentVotesMark } from './data/unsent-votes';
import { firstPaint } from './lib/first-paint';
import { notifyError } from './lib/notify';
import { startSession, useSession } from './lib/session';
import { yieldToMain } from './lib/yield-to-main';
import './styles.css';

const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { session: useSession.getState() },
    defaultPreload: 'intent',
    // What any route shows when it throws while loading or rendering (the root included).
    defaultErrorComponent: ErrorScreen,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/** The longest the app's start holds the first paint back (firstPaint: a start that fails must not hold it for good). */
const START_HOLD_MAX_MS = 10_000;

/** Runs `done` once the first render has been committed. */
function Rendered({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/** Renders only once Firebase has reported the first auth state, so guards see the truth. */
async function boot() {
  // The load event can come before the first render (Firebase's first auth state is awaited):
  // the first paint is held until the page is rendered, and its route can hold it longer.
  firstPaint.watchLoad();
  const rendered = firstPaint.hold(START_HOLD_MAX_MS);
  const sessionStarted = startSession();
  // The modules' evaluation was one task: the router (its route tree, history and first
  // location) is built in the next, so neither blocks a tap for both.
  await yieldToMain();
  const router = createAppRouter();
  await sessionStarted;
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
  // A transition: React renders the page in short tasks (a tap or a paint goes between them), and
  // the prerendered snapshot stays until the page is ready to replace it.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <Rendered done={rendered} />
      </StrictMode>,
    ),
  );
  if ('storage' in navigator && navigator.storage.persist) void navigator.storage.persist().catch(() => false);
}

boot().catch((err: unknown) => notifyError('Failed to start', err));
