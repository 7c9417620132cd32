/** The listing form's bodies are shared with the CMS form (common/listing-form.ts). */
export { activeInput, createListingInput, editListingInput } from '../../../common/listing-form';

export { listingIdParams } from '../../../common/api/marketplace';
