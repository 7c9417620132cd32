import * as z from 'zod/mini';
import { SONG_TYPES } from '../contest/contest';
import { LISTING_TYPES, VERSION_TYPES } from './marketplace';
import { changeTime as updatedAt, docKey as id, publicFieldsOf, rxSchemaOf } from '../rx-schema';

/** The marketplace listing: one definition for the API, replication and the client's RxDB. */

const nullableText = z.nullable(z.string());

/** A listing as the API and replication send it (seller_id stays on the server). */
export const listingDoc = z.object({
  id,
  track_id: z.string(),
  price_tokens: z.number(),
  price_usd: z.number(),
  listing_type: z.enum(LISTING_TYPES),
  version_type: z.enum(VERSION_TYPES),
  accept_tokens: z.boolean(),
  accept_cash_app: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  title: z.string(),
  artist_name: z.string(),
  genre: z.string(),
  /** Null while the track is in the contest (in_contest): the listing must not answer a voter's clip. */
  song_type: z.nullable(z.enum(SONG_TYPES)),
  cover_art_url: nullableText,
  /** The stable preview link; null when the track has no preview or is not approved. */
  preview_url: nullableText,
  /** Null while the track is in the contest (nothing derived from its contest twin), and when nobody voted on it. */
  fool_rate: z.nullable(z.number()),
  /** The track's contest twin is pending or approved: type and fool rate are revealed after the contest. */
  in_contest: z.boolean(),
  updatedAt,
});
/** The replicated listing (with its change time). */
export type ListingDoc = z.infer<typeof listingDoc>;
/** A listing as the API answers it. */
export type MarketplaceListing = Omit<ListingDoc, 'updatedAt'>;
export const LISTING_PUBLIC_FIELDS = publicFieldsOf(listingDoc.shape);
/**
 * Version 1 added in_contest and made song_type and fool_rate nullable (src/data/database.ts
 * migrates version-0 documents). The stored schema requires only what version 0 required.
 */
export const listingRxSchema = rxSchemaOf(listingDoc, {
  version: 1,
  required: ['id', 'track_id', 'price_tokens', 'price_usd', 'listing_type', 'version_type', 'accept_tokens', 'accept_cash_app', 'is_active', 'created_at', 'title', 'artist_name', 'updatedAt'],
});
