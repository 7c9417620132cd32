/** The listing form's bodies are shared with the CMS form (common/marketplace/listing-form.ts). */
export { activeInput, createListingInput, editListingInput } from '../../../common/marketplace/listing-form';

export { listingIdParams } from '../../../common/api/marketplace';
