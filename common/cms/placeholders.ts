import { PLACEHOLDER_COVERS } from './cms-messages';
import { PLACEHOLDER_COVER_COUNT } from '../constants';

/** The placeholder cover utility (/upload-placeholders): file names, stored URLs, texts. */

export const LOCAL_PLACEHOLDER_PREFIX = '/placeholders/';
/** Where the API serves a stored placeholder to anyone (GET /api/files/placeholders/:filename). */
export const STORED_PLACEHOLDER_PREFIX = '/api/files/placeholders/';

/** cover-01.jpg … cover-26.jpg */
export const PLACEHOLDER_FILES: readonly string[] = PLACEHOLDER_COVERS.map((url) => url.slice(LOCAL_PLACEHOLDER_PREFIX.length));
export const storedCoverUrl = (filename: string) => `${STORED_PLACEHOLDER_PREFIX}${filename}`;
export const STORED_PLACEHOLDER_COVERS: readonly string[] = PLACEHOLDER_FILES.map(storedCoverUrl);

/** The multipart field of POST /api/cms/placeholders/:filename. */
export const PLACEHOLDER_FIELD = 'image';
export const PLACEHOLDER_MAX_BYTES = 5 * 1024 * 1024;

/** GET /api/cms/placeholders: each cover with its stored URL once uploaded. */
export type PlaceholderCover = { filename: string; local_url: string; stored_url: string | null };

export const PLACEHOLDER_MSG = {
  notJpeg: 'The image must be a JPEG',
  unreadable: 'The image could not be read as a JPEG',
  unknownFile: 'Not one of the 26 placeholder covers',
  tooLarge: 'The image is too large (at most 5 MB)',
  missing: 'image: Choose an image',
  // The spec's result toasts.
  allDone: 'Upload & Migration Complete',
  allDoneDetail: (images: number, tracks: number) => `${images} images uploaded, ${tracks} existing tracks updated`,
  uploaded: 'Upload Complete',
  uploadedDetail: (images: number) => `${images} of ${PLACEHOLDER_COVER_COUNT} images`,
  warning: 'Upload Complete with Warning',
  warningDetail: 'Track migration had issues',
  failed: 'Upload Failed',
  progress: (n: number) => `Uploading ${n} / ${PLACEHOLDER_COVER_COUNT}...`,
  /** Not in the spec: the step after the uploads. */
  movingTracks: 'Moving tracks onto the stored covers...',
} as const;
