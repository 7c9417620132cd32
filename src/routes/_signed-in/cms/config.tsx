import { Navigate, createFileRoute } from '@tanstack/react-router';
import { PATHS } from '@common/paths';
import { AuditLogPanel } from '@/features/cms/config/audit-log-panel';
import { useCms } from '@/features/cms/cms-context';
import { MigrationPanel } from '@/features/cms/config/migration-panel';
import { TokenSettingsTab } from '@/features/cms/tokens/token-settings-tab';

export const Route = createFileRoute('/_signed-in/cms/config')({ component: ConfigRoute });

/** For super admins only: an admin who opens its address lands on the Overview. */
function ConfigRoute() {
  if (!useCms().superAdmin) return <Navigate to={PATHS.cmsOverview} replace />;
  return (
    <div className="space-y-6">
      <TokenSettingsTab mode="config" />
      <MigrationPanel />
      <AuditLogPanel />
    </div>
  );
}
