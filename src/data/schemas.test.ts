import { createRxSchema } from 'rxdb';
import { defaultHashSha256 } from 'rxdb/plugins/utils';
import { describe, expect, it } from 'vitest';
import { RX_SCHEMAS } from '../../scripts/rx-schemas';
import { listingSchema, orderSchema, radioSubmissionSchema, voteSchema, voteSessionSchema } from './schemas';

// The hand-written schemas the stored databases were created with, frozen: RxDB refuses a
// stored collection whose schema changed at the same version (it compares the content when the
// hash differs, e.g. keys ordered by another locale).
const nullableString = { type: ['string', 'null'] } as const;
const base = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
} as const;

const songType = { type: 'string', enum: ['human', 'ai', 'hybrid'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

const voteLiteral = {
  ...base,
  version: 2,
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
        others: {
          type: 'object',
          properties: { ai: { type: 'number' }, human: { type: 'number' }, hybrid: { type: 'number' } },
          required: ['ai', 'human', 'hybrid'],
        },
      },
      required: ['title', 'artist_name', 'song_type', 'cover_art_url', 'hybrid_ai_elements', 'hybrid_human_elements', 'hybrid_tools_used', 'creation_story'],
    },
    rating: {
      type: ['object', 'null'],
      properties: { before: { type: 'number' }, after: { type: 'number' }, deviation: { type: 'number' } },
      required: ['before', 'after', 'deviation'],
    },
    error: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'session_id', 'clip_id', 'guess', 'created_at', 'status', 'is_correct', 'reveal', 'rating', 'error', 'updatedAt'],
} as const;

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

const nullableNumber = { type: ['number', 'null'] } as const;

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

const radioLiteral = {
  ...base,
  properties: {
    id: { type: 'string', maxLength: 128 },
    user_id: { type: 'string' },
    track_id: nullableString,
    submission_type: { type: 'string', enum: ['music', 'advertisement'] },
    status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'uploaded', 'scheduled', 'broadcasted'] },
    payment_status: { type: 'string', enum: ['unpaid', 'paid'] },
    payment_amount: { type: 'number' },
    ad_audio_url: nullableString,
    ad_tier: nullableString,
    ad_duration_seconds: nullableNumber,
    sftp_uploaded: { type: 'boolean' },
    sftp_upload_error: nullableString,
    sftp_path: nullableString,
    scheduled_broadcast_time: nullableString,
    created_at: { type: 'string' },
    track_title: nullableString,
    track_artist: nullableString,
    updatedAt: { type: 'number' },
  },
  required: ['id', 'user_id', 'track_id', 'submission_type', 'status', 'payment_status', 'payment_amount', 'ad_audio_url', 'ad_tier', 'ad_duration_seconds', 'sftp_uploaded', 'sftp_upload_error', 'sftp_path', 'scheduled_broadcast_time', 'created_at', 'track_title', 'track_artist', 'updatedAt'],
} as const;

const cases = [
  ['votes', voteSchema, voteLiteral],
  ['vote_sessions', voteSessionSchema, voteSessionLiteral],
  ['marketplace_listings', listingSchema, listingLiteral],
  ['orders', orderSchema, orderLiteral],
  ['radio_submissions', radioSubmissionSchema, radioLiteral],
] as const;

describe('RxDB schemas derived from the zod documents', () => {
  it.each(cases)('%s is the stored JSON schema, key for key', (_name, derived, frozen) => {
    expect(derived).toEqual(frozen);
  });

  it.each(cases)('%s in rx-schemas.json is what the zod document derives (else run: npx tsx scripts/rx-schemas.ts)', (name, shipped) => {
    expect(shipped).toEqual(RX_SCHEMAS[name]);
  });

  it.each(cases)('%s has the stored schema hash', async (_name, derived, frozen) => {
    const hash = (schema: object) => createRxSchema(structuredClone(schema) as never, defaultHashSha256).hash;
    expect(await hash(derived)).toBe(await hash(frozen));
  });
});
