import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

/**
 * POST /api/radio/submissions: the server charges the tokens; one key per attempt, so a retry is
 * not charged twice. `tokenCost` is the price the user was shown: the API refuses (409) to
 * charge another.
 */
export const sendTrackToRadio = (trackId: string, tokenCost: number) =>
  call(endpoints.radio.submitMusic, {
    body: { track_id: trackId, submission_type: 'music', token_cost: tokenCost },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

export type AdInput = { name: string; tier: string; duration: number; audio: File; tokenCost: number };

/** POST /api/radio/ads (multipart, the text fields first); the server measures the file and charges the tier's price, if it is the one shown (`tokenCost`). */
export function submitAd(input: AdInput, idempotencyKey: string) {
  const body = new FormData();
  body.append('name', input.name.trim());
  body.append('tier', input.tier);
  body.append('duration_seconds', String(input.duration));
  body.append('token_cost', String(input.tokenCost));
  body.append('audio', input.audio, input.audio.name);
  return call(endpoints.radio.submitAd, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/marketplace/listings/:id/feature: the seller pays app_config's featured price, if it is the one shown (`tokenCost`). */
export const featureListing = (listingId: string, tokenCost: number) =>
  call(endpoints.marketplace.feature, { params: { id: listingId }, body: { token_cost: tokenCost } });
