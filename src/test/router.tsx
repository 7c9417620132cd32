import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ToastHost } from '@/components/toast-host';

/**
 * Renders a component that links or navigates (TanStack Router's Link, useNavigate) inside a
 * memory router: the component is the page at `path`, and every other path is an empty page
 * (so a test can see where a link or a navigation went, in `router.state.location`).
 */
export async function renderInRouter(ui: ReactElement, path = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path, component: () => ui });
  const elsewhere = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([page, elsewhere]), history: createMemoryHistory({ initialEntries: [path] }) });
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router as unknown as AnyRouter} />);
  await act(() => router.load());
  return { user, router, ...result };
}
