import { Crown, ShieldCheck } from 'lucide-react';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CMS_MSG } from '@common/cms/cms-messages';
import { PRODUCT_NAME } from '@common/constants';
import { Badge } from '@/components/ui/badge';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { CmsTabBar } from './cms-tab-bar';
import { CmsContext } from './cms-context';
import { tabAt, tabsFor } from './cms-tabs';

function Header({ superAdmin }: { superAdmin: boolean }) {
  return (
    <header>
      {superAdmin ? (
        <Badge size="md" className="inline-flex items-center gap-1.5 bg-fuchsia-600/20 text-fuchsia-200 ring-1 ring-fuchsia-500/40">
          <Crown className="size-3.5" aria-hidden /> Super Admin Control Center
        </Badge>
      ) : (
        <Badge size="md" className="inline-flex items-center gap-1.5 bg-violet-600/20 text-violet-200 ring-1 ring-violet-500/40">
          <ShieldCheck className="size-3.5" aria-hidden /> Admin Dashboard
        </Badge>
      )}
      <h1 className="mt-3 text-3xl font-black sm:text-4xl">{PRODUCT_NAME} CMS</h1>
      <p className="mt-1 text-zinc-400">{CMS_MSG.subtitle}</p>
    </header>
  );
}

/**
 * The admin view: header, tab bar and the open tab's panel, which `children` (the tab's route) fills. An action that removes its own row
 * (Approve in a moderation list, a settled claim) leaves the focus on the row taking its place.
 */
export function CmsDashboard({ superAdmin, reloadKey, children }: { superAdmin: boolean; reloadKey: number; children: ReactNode }) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useFocusRescue(root);
  const navigate = useNavigate();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tabs = tabsFor(superAdmin);
  const active = tabs.find((t) => t.key === tabAt(pathname)) ?? tabs[0]!;
  // Each tab's code is a chunk of its own, fetched once the dashboard shows: switching is then at
  // once, and still works when the connection drops before the service worker holds the app.
  useEffect(() => {
    for (const { path } of tabsFor(superAdmin)) void router.preloadRoute({ to: path }).catch(() => undefined);
  }, [router, superAdmin]);
  const context = useMemo(() => ({ superAdmin, reloadKey }), [superAdmin, reloadKey]);
  // Each tab is a route of its own: choosing one opens its address (the back button returns to the last).
  const open = (key: string) => void navigate({ to: tabs.find((t) => t.key === key)?.path ?? active.path });
  return (
    <CmsContext.Provider value={context}>
      <Tabs value={active.key} onValueChange={open}>
        <section ref={setRoot} className="mx-auto max-w-7xl space-y-6 px-4 py-8">
          <Header superAdmin={superAdmin} />
          <CmsTabBar tabs={tabs} />
          <div>
            {/* Every panel is in the page (each tab's aria-controls resolves); the open tab's route fills its own. */}
            {tabs.map(({ key }) => (
              <TabPanel key={key} value={key}>
                {children}
              </TabPanel>
            ))}
          </div>
        </section>
      </Tabs>
    </CmsContext.Provider>
  );
}
