import type { RxJsonSchema } from 'rxdb';
import { balanceRxSchema, dailyGrantRxSchema, profileRxSchema, userRolesRxSchema, type BalanceDoc, type DailyGrantDoc, type ProfileDoc, type UserRolesDoc } from '@common/accounts';
import { listingRxSchema, type ListingDoc } from '@common/marketplace';
import { orderRxSchema, type OrderRxDoc } from '@common/orders';
import { voteRxSchema, voteSessionRxSchema, type VoteDoc, type VoteSession } from '@common/voting';

/**
 * The client's RxDB schemas. Each is derived from its document's zod definition in common/
 * (schemas.test.ts pins them to the JSON the stored databases were created with).
 */

export type { BalanceDoc, DailyGrantDoc, ListingDoc, OrderRxDoc, ProfileDoc, UserRolesDoc, VoteDoc, VoteSession };

export const profileSchema: RxJsonSchema<ProfileDoc> = profileRxSchema;
export const userRolesSchema: RxJsonSchema<UserRolesDoc> = userRolesRxSchema;
export const balanceSchema: RxJsonSchema<BalanceDoc> = balanceRxSchema;
export const dailyGrantSchema: RxJsonSchema<DailyGrantDoc> = dailyGrantRxSchema;
export const voteSchema: RxJsonSchema<VoteDoc> = voteRxSchema;
export const voteSessionSchema: RxJsonSchema<VoteSession> = voteSessionRxSchema;
export const listingSchema: RxJsonSchema<ListingDoc> = listingRxSchema;
export const orderSchema: RxJsonSchema<OrderRxDoc> = orderRxSchema;
