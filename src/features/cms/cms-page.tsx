import { useState, type ReactNode } from 'react';
import { CMS_MSG } from '@common/cms/cms-messages';
import { notifyInfo } from '@/lib/notify';
import { CmsDashboard } from './cms-dashboard';
import { CmsDenied, CmsLoading, CmsTrouble } from './cms-gate-screens';
import { useCmsAccess } from './use-cms-access';

/** /cms: loading, slow-loading trouble (after 6 s), access denied, or the dashboard around the open tab (`children`, its route). */
export function CmsPage({ children }: { children: ReactNode }) {
  const access = useCmsAccess();
  /** Bumped by Try Again: the dashboard reloads its stats and tracks. */
  const [reloadKey, setReloadKey] = useState(0);

  const retry = () => {
    notifyInfo(CMS_MSG.retrying);
    access.recheck();
    setReloadKey((k) => k + 1);
  };
  const recheck = () => {
    notifyInfo(CMS_MSG.rechecking);
    access.recheck();
  };

  switch (access.state) {
    case 'loading':
      return <CmsLoading />;
    case 'trouble':
      return <CmsTrouble access={access} onRetry={retry} />;
    case 'denied':
      return <CmsDenied access={access} onRecheck={recheck} />;
    case 'ready':
      return (
        <CmsDashboard superAdmin={access.superAdmin} reloadKey={reloadKey}>
          {children}
        </CmsDashboard>
      );
  }
}
