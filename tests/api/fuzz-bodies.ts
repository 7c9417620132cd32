/**
 * Request bodies for the fuzz test: JSON bodies that are mostly valid-shaped (from a route's
 * schema) and otherwise wrong in every usual way, the two upload forms (track submission,
 * payment proof) with files of any content, and Stripe webhook deliveries.
 */
import fc from 'fast-check';
import { AUDIO_EXTENSIONS, SUBMISSION_ROUTES, VIDEO_EXTENSIONS } from '../../common/contest/contest';
import { TOKEN_PACKS } from '../../common/constants';
import { PROOF_MAX_BYTES } from '../../common/marketplace/orders';
import { submissionWire } from '../../common/radio/submission';
import { bodyId, fromZod, headerText, malformedJson, MANGLES, mistyped, type Mangle } from './fuzz-arbitraries';

/** File contents, made when the request is sent (some are megabytes). */
export type Data =
  | { kind: 'text'; text: string }
  | { kind: 'song' }
  | { kind: 'png' }
  | { kind: 'magic'; magic: keyof typeof MAGIC; size: number }
  | { kind: 'zeros'; size: number };

export const MAGIC = {
  png: '\x89PNG\r\n\x1a\n',
  jpeg: '\xff\xd8\xff\xe0',
  gif: 'GIF89a',
  webp: 'RIFF\x00\x00\x00\x00WEBPVP8 ',
  id3: 'ID3\x04\x00\x00\x00\x00\x00\x00',
  wave: 'RIFF\x00\x00\x00\x00WAVEfmt ',
  flac: 'fLaC',
  ogg: 'OggS',
  ftyp: '\x00\x00\x00\x18ftypM4A ',
  ebml: '\x1aE\xdf\xa3',
} as const;

export type PartSpec = { name: string; filename?: string; contentType?: string; data: Data };

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType: string }
  /** `value` with one of its fields (or `x`) grown to a string that makes the body `bytes` long. */
  | { kind: 'huge'; bytes: number; value: unknown }
  | { kind: 'multipart'; parts: PartSpec[]; mangle: Mangle }
  /** A Stripe delivery: `signature` 'valid' is computed over the payload when sent. */
  | { kind: 'webhook'; payload: string; signature: string; contentType: string };

export const json = (value: unknown): FuzzBody => ({ kind: 'json', value });
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/vnd.api+json',
  'multipart/form-data; boundary=x',
  'image/png',
  'application/json; charset=utf-8',
];

/** A JSON body: mostly valid-shaped, else mistyped, other JSON, broken JSON, another content type, over the limit or none. */
export function jsonBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 10, arbitrary: valid.map(json) },
    { weight: 4, arbitrary: mistyped(valid).map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 2, arbitrary: malformedJson.map((text): FuzzBody => ({ kind: 'text', text, contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([v, contentType]): FuzzBody => ({ kind: 'text', text: JSON.stringify(v) ?? '', contentType })) },
    { weight: 1, arbitrary: fc.tuple(valid, fc.integer({ min: 60_000, max: 70_000 })).map(([value, bytes]): FuzzBody => ({ kind: 'huge', bytes, value })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  );
}

const fileData: fc.Arbitrary<Data> = fc.oneof(
  fc.constant<Data>({ kind: 'song' }),
  fc.constant<Data>({ kind: 'png' }),
  fc.record({ kind: fc.constant('magic' as const), magic: fc.constantFrom(...(Object.keys(MAGIC) as Array<keyof typeof MAGIC>)), size: fc.integer({ min: 0, max: 4096 }) }),
  fc.record({ kind: fc.constant('zeros' as const), size: fc.integer({ min: 0, max: 2048 }) }),
  fc.string({ maxLength: 100 }).map((text): Data => ({ kind: 'text', text })),
);

/** The submission form: fields from its wire schema (mostly valid), then the files, in any order and number. */
export function submissionBody(): fc.Arbitrary<FuzzBody> {
  const wire = fromZod(submissionWire, {
    submissionRoutes: fc.oneof(fc.subarray([...SUBMISSION_ROUTES], { minLength: 1 }).map((r) => JSON.stringify(r)), fc.constantFrom('[]', '["both"]', 'contest', '[', '{}')),
    hybridAiElements: fc.constantFrom('[]', '["Vocals"]', '["Vocals","Vocals"]', '[]', '[1]', 'x'),
    hybridHumanElements: fc.constantFrom('[]', '["Lyrics"]', '[]', 'null'),
    hybridTools: fc.constantFrom('[]', '["Suno"]', '[]', '["Nope"]'),
    previewStartTime: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }).map((n) => n.toFixed(3)), fc.constantFrom('-1', '1e3', 'abc', '', '0')),
  });
  const fields = fc.oneof({ weight: 4, arbitrary: wire }, { weight: 1, arbitrary: mistyped(wire) }).map((v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v).map(([name, value]): PartSpec => ({ name, data: { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) ?? '' } })) : [],
  );
  // Some uploads are a real song under its own extension, so that a share of them gets through to processing.
  const ext = fc.oneof({ weight: 2, arbitrary: fc.constant('mp3') }, { weight: 3, arbitrary: fc.constantFrom(...AUDIO_EXTENSIONS, ...VIDEO_EXTENSIONS, 'png', 'exe', '', 'mp3.exe', '../../x.mp3') });
  const data = fc.oneof({ weight: 1, arbitrary: fc.constant<Data>({ kind: 'song' }) }, { weight: 2, arbitrary: fileData });
  const file = fc.tuple(fc.constantFrom('audioFile', 'audioFile', 'videoFile', 'other'), ext, data).map(([name, e, d]): PartSpec => ({ name, filename: `f.${e}`, contentType: 'application/octet-stream', data: d }));
  const anything = fc
    .tuple(fields, fc.array(file, { minLength: 0, maxLength: 3 }), fc.constantFrom(...MANGLES, 'none', 'none', 'none'), fc.boolean())
    .map(([f, files, mangle, fieldsFirst]): FuzzBody => ({ kind: 'multipart', parts: fieldsFirst ? [...f, ...files] : [...files, ...f], mangle }));
  // A well-formed form with a real song (random field values): the way into processing, storage and the fee.
  const wellFormed = wire.map((v): FuzzBody => ({
    kind: 'multipart',
    parts: [...Object.entries(v as Record<string, unknown>).map(([name, value]): PartSpec => ({ name, data: { kind: 'text', text: String(value) } })), { name: 'audioFile', filename: 'song.mp3', contentType: 'audio/mpeg', data: { kind: 'song' } }],
    mangle: 'none',
  }));
  return fc.oneof({ weight: 7, arbitrary: anything }, { weight: 1, arbitrary: wellFormed });
}

/** The payment proof form: an image (or not), an optional order_id, sometimes over the 5 MB limit. */
export function proofBody(orderIds: string[]): fc.Arbitrary<FuzzBody> {
  const image = fc.oneof(
    { weight: 6, arbitrary: fileData },
    { weight: 1, arbitrary: fc.integer({ min: PROOF_MAX_BYTES + 1, max: PROOF_MAX_BYTES + 64 * 1024 }).map((size): Data => ({ kind: 'magic', magic: 'png', size })) },
  );
  const part = fc.oneof(
    { weight: 4, arbitrary: image.map((data): PartSpec => ({ name: 'image', filename: 'proof.png', contentType: 'image/png', data })) },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...orderIds), fc.string({ maxLength: 30 })).map((text): PartSpec => ({ name: 'order_id', data: { kind: 'text', text } })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('file', 'image2', 'order_id', 'x'), fileData).map(([name, data]): PartSpec => ({ name, filename: 'x.bin', data })) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2000), 'v').map((text): PartSpec => ({ name: 'order_id', data: { kind: 'text', text } })) },
  );
  return fc
    .tuple(fc.array(part, { minLength: 0, maxLength: 4 }), fc.constantFrom(...MANGLES, 'none', 'none', 'none'))
    .map(([parts, mangle]): FuzzBody => ({ kind: 'multipart', parts, mangle }));
}

/** Stripe deliveries: events for real and unknown checkout sessions and payment intents (completions, refunds, disputes), signed or not. */
export function webhookBody(p: { checkoutIds: string[]; paymentIntents: string[]; uids: string[] }): fc.Arbitrary<FuzzBody> {
  const event = fc
    .record({
      id: fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{8,20}$/), fc.constantFrom('', 'a/b', '__x__')),
      type: fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded', 'charge.dispute.created', 'payment_intent.created', 'x'),
      intent: fc.option(fc.oneof(fc.constantFrom(...p.paymentIntents), fc.string({ maxLength: 20 }), fc.constantFrom('a/b', '', 'pi_unknown'), fc.record({ id: fc.constantFrom(...p.paymentIntents) })), { nil: undefined }),
      session: fc.oneof(fc.constantFrom(...p.checkoutIds), fc.string({ maxLength: 20 }), fc.constantFrom('a/b', '')),
      user: bodyId(p.uids),
      pack: fc.oneof(fc.constantFrom(...TOKEN_PACKS.map((t) => t.id)), fc.string({ maxLength: 10 })),
      paid: fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
      amount: fc.oneof(fc.constantFrom(...TOKEN_PACKS.map((t) => Math.round(t.priceUsd * 100))), fc.integer()),
    })
    .map((e) =>
      JSON.stringify({
        id: e.id,
        object: 'event',
        type: e.type,
        data: { object: { id: e.session, object: 'checkout.session', payment_status: e.paid, amount_total: e.amount, currency: 'usd', client_reference_id: e.user, metadata: { user_id: e.user, pack_id: e.pack }, payment_intent: e.intent } },
      }),
    );
  const payload = fc.oneof({ weight: 4, arbitrary: event }, { weight: 1, arbitrary: malformedJson }, { weight: 1, arbitrary: fc.json() });
  const signature = fc.oneof({ weight: 4, arbitrary: fc.constant('valid') }, { weight: 1, arbitrary: fc.constant('') }, { weight: 2, arbitrary: headerText(80) }, { weight: 1, arbitrary: fc.constant('t=1,v1=deadbeef') });
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1');
  return fc.oneof(
    { weight: 12, arbitrary: fc.tuple(payload, signature, contentType).map(([pl, signature, ct]): FuzzBody => ({ kind: 'webhook', payload: pl, signature, contentType: ct })) },
    { weight: 1, arbitrary: fc.integer({ min: 1024 * 1024 - 64, max: 1024 * 1024 + 64 }).map((bytes): FuzzBody => ({ kind: 'huge', bytes, value: {} })) },
  );
}
