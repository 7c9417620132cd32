import { createFileRoute } from '@tanstack/react-router';
import { useCms } from '@/features/cms/cms-context';
import { ContestTab } from '@/features/cms/contest/contest-tab';

export const Route = createFileRoute('/_signed-in/cms/contest')({ component: ContestRoute });

function ContestRoute() {
  return <ContestTab reloadKey={useCms().reloadKey} />;
}
