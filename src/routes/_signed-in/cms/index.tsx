import { createFileRoute, redirect } from '@tanstack/react-router';
import { PATHS } from '@common/paths';

/** /cms opens the Overview tab. */
export const Route = createFileRoute('/_signed-in/cms/')({
  beforeLoad: () => {
    throw redirect({ to: PATHS.cmsOverview, replace: true });
  },
});
