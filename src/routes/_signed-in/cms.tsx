import { Outlet, createFileRoute } from '@tanstack/react-router';
import { CmsPage } from '@/features/cms/cms-page';

/** The CMS around its tabs: each tab is a route of its own below (/cms/overview, /cms/radio…), its code loaded with it. */
export const Route = createFileRoute('/_signed-in/cms')({
  component: () => (
    <CmsPage>
      <Outlet />
    </CmsPage>
  ),
});
