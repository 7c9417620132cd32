import { z } from 'zod';
import { USER_SEARCH_MAX } from '../../../common/constants';
import { coverUrl } from '../../../common/cms-edit';
import { CMS_TRACK_FILTERS } from '../../../common/cms-messages';
import { docId } from '../../../common/schemas';

/** Request shapes of the /api/cms endpoints (strict: unknown fields are a 400). */

export const trackIdParams = z.object({ id: docId });

export const listTracksQuery = z.strictObject({ status: z.enum(CMS_TRACK_FILTERS).default('all') });

export const approveInput = z.strictObject({ cover_art_url: coverUrl.optional() });

/** The edit body is shared with the CMS edit form (common/cms-edit.ts). */
export { editTrackInput, type EditTrackInput } from '../../../common/cms-edit';

/** GET /api/cms/users?q=&cursor= — q searches usernames and emails by prefix. */
export const listUsersQuery = z.strictObject({ q: z.string().trim().max(USER_SEARCH_MAX).optional(), cursor: z.string().max(2000).optional() });

/** GET /api/cms/users/:id/ledger?cursor= and GET /api/cms/audit?cursor= */
export const pageQuery = z.strictObject({ cursor: z.string().max(2000).optional() });

export const userIdParams = z.object({ id: docId });
