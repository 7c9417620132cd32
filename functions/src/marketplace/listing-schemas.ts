import { z } from 'zod';
import { docId } from '../../../common/schemas';

/** The listing form's bodies are shared with the CMS form (common/listing-form.ts). */
export { activeInput, createListingInput, editListingInput } from '../../../common/listing-form';

export const listingIdParams = z.strictObject({ id: docId });
