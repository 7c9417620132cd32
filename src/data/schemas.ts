import type { RxJsonSchema } from 'rxdb';
import type { BalanceDoc, DailyGrantDoc, ProfileDoc, UserRolesDoc } from '@common/accounts/accounts';
import type { ListingDoc } from '@common/marketplace/listing-doc';
import type { OrderRxDoc } from '@common/marketplace/order-doc';
import type { RadioSubmissionRxDoc } from '@common/radio/radio';
import type { VoteDoc, VoteSession } from '@common/contest/voting';
import derived from './rx-schemas.json';

/**
 * The client's RxDB schemas, derived from each document's zod definition in common/ by
 * scripts/rx-schemas.ts (the JSON keeps zod out of the data layer's chunk). schemas.test.ts
 * checks the JSON against the zod definitions and against the schemas stored databases have.
 */

export type { BalanceDoc, DailyGrantDoc, ListingDoc, OrderRxDoc, ProfileDoc, RadioSubmissionRxDoc, UserRolesDoc, VoteDoc, VoteSession };

// JSON imports type every string as `string`; the test proves these are the derived schemas.
const rx = <T>(schema: object) => schema as RxJsonSchema<T>;

export const voteSchema = rx<VoteDoc>(derived.votes);
export const voteSessionSchema = rx<VoteSession>(derived.vote_sessions);
export const listingSchema = rx<ListingDoc>(derived.marketplace_listings);
export const orderSchema = rx<OrderRxDoc>(derived.orders);
export const radioSubmissionSchema = rx<RadioSubmissionRxDoc>(derived.radio_submissions);
