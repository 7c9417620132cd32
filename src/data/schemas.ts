import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb';
import { toTypedRxJsonSchema } from 'rxdb';

const nullableString = { type: ['string', 'null'] } as const;
const base = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
} as const;

/** Version 1 added cash_app_tag (database.ts migrates version-0 documents). */
const profileLiteral = {
  ...base,
  version: 1,
  properties: {
    id: { type: 'string', maxLength: 128 },
    username: { type: 'string' },
    full_name: nullableString,
    avatar_url: nullableString,
    email: nullableString,
    wallet_address: nullableString,
    migration_status: { type: 'string' },
    free_voting_until: nullableString,
    created_at: nullableString,
    cash_app_tag: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'username', 'migration_status', 'updatedAt'],
} as const;
const profileTyped = toTypedRxJsonSchema(profileLiteral);
export type ProfileDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof profileTyped>;
export const profileSchema: RxJsonSchema<ProfileDoc> = profileLiteral;

const rolesLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    roles: { type: 'array', items: { type: 'string' } },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'roles', 'updatedAt'],
} as const;
const rolesTyped = toTypedRxJsonSchema(rolesLiteral);
export type UserRolesDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof rolesTyped>;
export const userRolesSchema: RxJsonSchema<UserRolesDoc> = rolesLiteral;

const balanceLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    balance: { type: 'number' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'balance', 'updatedAt'],
} as const;
const balanceTyped = toTypedRxJsonSchema(balanceLiteral);
export type BalanceDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof balanceTyped>;
export const balanceSchema: RxJsonSchema<BalanceDoc> = balanceLiteral;

const grantLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    last_grant_date: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'updatedAt'],
} as const;
const grantTyped = toTypedRxJsonSchema(grantLiteral);
export type DailyGrantDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof grantTyped>;
export const dailyGrantSchema: RxJsonSchema<DailyGrantDoc> = grantLiteral;

const songType = { type: 'string', enum: ['human', 'ai', 'hybrid'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

/** A vote: written by the client (offline too), completed by the server with the reveal. */
const voteLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    session_id: { type: 'string' },
    clip_id: { type: 'string' },
    guess: songType,
    created_at: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'scored', 'rejected'] },
    is_correct: { type: ['boolean', 'null'] },
    reveal: {
      type: ['object', 'null'],
      properties: {
        title: { type: 'string' },
        artist_name: { type: 'string' },
        song_type: songType,
        cover_art_url: nullableString,
        hybrid_ai_elements: stringList,
        hybrid_human_elements: stringList,
        hybrid_tools_used: stringList,
        creation_story: nullableString,
      },
      required: ['title', 'artist_name', 'song_type', 'cover_art_url', 'hybrid_ai_elements', 'hybrid_human_elements', 'hybrid_tools_used', 'creation_story'],
    },
    error: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'session_id', 'clip_id', 'guess', 'created_at', 'status', 'is_correct', 'reveal', 'error', 'updatedAt'],
} as const;
const voteTyped = toTypedRxJsonSchema(voteLiteral);
export type VoteRxDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof voteTyped>;
export const voteSchema: RxJsonSchema<VoteRxDoc> = voteLiteral;

/** A vote session of the signed-in user (pull only): opaque clip ids and signed clip URLs. */
const voteSessionLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    clips: {
      type: 'array',
      items: {
        type: 'object',
        properties: { clip_id: { type: 'string' }, clip_url: { type: 'string' } },
        required: ['clip_id', 'clip_url'],
      },
    },
    is_first_session: { type: 'boolean' },
    token_cost: { type: 'number' },
    created_at: { type: 'string' },
    completed_at: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'clips', 'is_first_session', 'token_cost', 'created_at', 'completed_at', 'updatedAt'],
} as const;
const voteSessionTyped = toTypedRxJsonSchema(voteSessionLiteral);
export type VoteSessionRxDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof voteSessionTyped>;
export const voteSessionSchema: RxJsonSchema<VoteSessionRxDoc> = voteSessionLiteral;

const nullableNumber = { type: ['number', 'null'] } as const;

/**
 * A marketplace listing (public, pulled by every visitor who opens /marketplace). Version 1 added
 * in_contest and made song_type and fool_rate nullable (hidden while the track is in the contest;
 * database.ts migrates version-0 documents).
 */
const listingLiteral = {
  ...base,
  version: 1,
  properties: {
    id: { type: 'string', maxLength: 128 },
    track_id: { type: 'string' },
    price_tokens: { type: 'number' },
    price_usd: { type: 'number' },
    listing_type: { type: 'string', enum: ['basic', 'featured'] },
    version_type: { type: 'string', enum: ['preview', 'full'] },
    accept_tokens: { type: 'boolean' },
    accept_cash_app: { type: 'boolean' },
    is_active: { type: 'boolean' },
    created_at: { type: 'string' },
    title: { type: 'string' },
    artist_name: { type: 'string' },
    genre: { type: 'string' },
    song_type: { type: ['string', 'null'], enum: ['human', 'ai', 'hybrid', null] },
    cover_art_url: nullableString,
    preview_url: nullableString,
    fool_rate: nullableNumber,
    in_contest: { type: 'boolean' },
    updatedAt: { type: 'number' },
  },
  required: [
    'id',
    'track_id',
    'price_tokens',
    'price_usd',
    'listing_type',
    'version_type',
    'accept_tokens',
    'accept_cash_app',
    'is_active',
    'created_at',
    'title',
    'artist_name',
    'updatedAt',
  ],
} as const;
const listingTyped = toTypedRxJsonSchema(listingLiteral);
export type ListingRxDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof listingTyped>;
export const listingSchema: RxJsonSchema<ListingRxDoc> = listingLiteral;

/** An order of the signed-in user, as buyer or as seller (pull only; the API changes it). */
const orderLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    listing_id: { type: 'string' },
    track_id: { type: 'string' },
    buyer_id: { type: 'string' },
    seller_id: { type: 'string' },
    status: { type: 'string', enum: ['PENDING', 'AWAITING_SELLER', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'EXPIRED'] },
    method: { type: 'string', enum: ['TOKENS', 'CASH_APP'] },
    amount_tokens: nullableNumber,
    amount_usd: nullableNumber,
    cash_app_tag: nullableString,
    expires_at: nullableString,
    has_proof: { type: 'boolean' },
    created_at: { type: 'string' },
    title: { type: 'string' },
    artist_name: { type: 'string' },
    cover_art_url: nullableString,
    listing_type: { type: 'string' },
    version_type: { type: 'string' },
    buyer_username: { type: 'string' },
    seller_username: { type: 'string' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'listing_id', 'buyer_id', 'seller_id', 'status', 'method', 'created_at', 'title', 'updatedAt'],
} as const;
const orderTyped = toTypedRxJsonSchema(orderLiteral);
export type OrderRxDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof orderTyped>;
export const orderSchema: RxJsonSchema<OrderRxDoc> = orderLiteral;
