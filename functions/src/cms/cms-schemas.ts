/** Request shapes of the /api/cms endpoints (strict: unknown fields are a 400), declared with the endpoints (common/api/cms.ts). */
export { approveInput, listTracksQuery, listUsersQuery, pageQuery, trackIdParams, userIdParams } from '../../../common/api/cms';

/** The edit body is shared with the CMS edit form (common/cms/cms-edit.ts). */
export { editTrackInput, type EditTrackInput } from '../../../common/cms/cms-edit';
