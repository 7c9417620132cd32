import { Crown, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { CMS_MSG } from '@common/cms-messages';
import { PRODUCT_NAME } from '@common/constants';
import { Badge } from '@/components/ui/badge';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { TabPanel, Tabs, useShowTab } from '@/components/ui/tabs';
import { CmsTabBar } from './cms-tab-bar';
import { tabsFor, type CmsTabKey } from './cms-tabs';
import { ContestTab } from './contest-tab';
import { EmailTab } from './email-tab';
import { MarketplaceTab } from './marketplace-tab';
import { OverviewTab } from './overview-tab';
import { AuditLogPanel } from './audit-log-panel';
import { MigrationPanel } from './migration-panel';
import { RadioQueue } from './radio-queue';
import { TokenSettingsTab } from './token-settings-tab';
import { UsersTab } from './users-tab';

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

function Panel({ tab, superAdmin, reloadKey }: { tab: CmsTabKey; superAdmin: boolean; reloadKey: number }) {
  const showTab = useShowTab();
  switch (tab) {
    case 'overview':
      return <OverviewTab reloadKey={reloadKey} onSelect={showTab} />;
    case 'contest':
      return <ContestTab reloadKey={reloadKey} />;
    case 'email':
      return <EmailTab />;
    case 'users':
      return <UsersTab superAdmin={superAdmin} />;
    case 'marketplace':
      return <MarketplaceTab />;
    case 'radio':
      return <RadioQueue />;
    case 'tokens':
      return <TokenSettingsTab mode="tokens" />;
    case 'config':
      return superAdmin ? (
        <div className="space-y-6">
          <TokenSettingsTab mode="config" />
          <MigrationPanel />
          <AuditLogPanel />
        </div>
      ) : null;
  }
}

/**
 * The admin view: header, tab bar and the active tab's panel. An action that removes its own row
 * (Approve in a moderation list, a settled claim) leaves the focus on the row taking its place.
 */
export function CmsDashboard({ superAdmin, reloadKey }: { superAdmin: boolean; reloadKey: number }) {
  const [tab, setTab] = useState<CmsTabKey>('overview');
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useFocusRescue(root);
  const tabs = tabsFor(superAdmin);
  const active = tabs.some((t) => t.key === tab) ? tab : 'overview';
  return (
    <Tabs value={active} onValueChange={(key) => setTab(key as CmsTabKey)}>
      <section ref={setRoot} className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <Header superAdmin={superAdmin} />
        <CmsTabBar tabs={tabs} />
        <div>
          {tabs.map(({ key }) => (
            <TabPanel key={key} value={key}>
              <Panel tab={key} superAdmin={superAdmin} reloadKey={reloadKey} />
            </TabPanel>
          ))}
        </div>
      </section>
    </Tabs>
  );
}
