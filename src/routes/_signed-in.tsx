import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/lib/router-context";

/**
 * The pages only a signed-in user sees (vote, my tracks, orders, submit, the CMS, the payment
 * result, the placeholder covers): one guard for all. A layout without a path or a component of
 * its own: the addresses stay /vote, /cms… and the page renders as before.
 */
export const Route = createFileRoute("/_signed-in")({
  beforeLoad: requireSignedIn,
});
