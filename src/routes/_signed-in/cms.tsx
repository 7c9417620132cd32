import { createFileRoute } from "@tanstack/react-router";
import { CmsPage } from "@/features/cms/cms-page";

export const Route = createFileRoute("/_signed-in/cms")({
  component: CmsPage,
});
