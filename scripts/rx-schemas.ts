// Writes src/data/rx-schemas.json: the client's RxDB schemas, derived from the documents' zod
// definitions in common/. The app ships the JSON so the data layer loads no zod; run this after
// changing a replicated document (src/data/schemas.test.ts fails until it is run). The user's
// own profile, roles, balance and daily grant are not in RxDB (src/data/account-feed.ts).
import { writeFileSync } from 'node:fs';
import { listingRxSchema } from '../common/marketplace/listing-doc';
import { orderRxSchema } from '../common/marketplace/order-doc';
import { radioSubmissionRxSchema } from '../common/radio/radio';
import { voteRxSchema, voteSessionRxSchema } from '../common/contest/voting';

export const RX_SCHEMAS = {
  votes: voteRxSchema,
  vote_sessions: voteSessionRxSchema,
  marketplace_listings: listingRxSchema,
  orders: orderRxSchema,
  radio_submissions: radioSubmissionRxSchema,
};

if (process.argv[1]?.endsWith('rx-schemas.ts')) {
  writeFileSync(new URL('../src/data/rx-schemas.json', import.meta.url), `${JSON.stringify(RX_SCHEMAS, null, 2)}\n`);
}
