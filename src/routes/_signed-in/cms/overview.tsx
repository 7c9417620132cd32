import { createFileRoute } from '@tanstack/react-router';
import { useShowTab } from '@/components/ui/tabs';
import { useCms } from '@/features/cms/cms-context';
import { OverviewTab } from '@/features/cms/overview/overview-tab';

export const Route = createFileRoute('/_signed-in/cms/overview')({ component: OverviewRoute });

function OverviewRoute() {
  const { reloadKey } = useCms();
  // Its shortcuts open another tab, the focus on that tab's panel.
  const showTab = useShowTab();
  return <OverviewTab reloadKey={reloadKey} onSelect={showTab} />;
}
