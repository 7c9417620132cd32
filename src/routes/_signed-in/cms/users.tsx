import { createFileRoute } from '@tanstack/react-router';
import { useCms } from '@/features/cms/cms-context';
import { UsersTab } from '@/features/cms/users/users-tab';

export const Route = createFileRoute('/_signed-in/cms/users')({ component: UsersRoute });

function UsersRoute() {
  return <UsersTab superAdmin={useCms().superAdmin} />;
}
