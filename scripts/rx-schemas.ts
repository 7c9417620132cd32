// Writes src/data/rx-schemas.json: the client's RxDB schemas, derived from the documents' zod
// definitions in common/. The app ships the JSON so the data layer loads no zod; run this after
// changing a replicated document (src/data/schemas.test.ts fails until it is run).
import { writeFileSync } from 'node:fs';
import { balanceRxSchema, dailyGrantRxSchema, profileRxSchema, userRolesRxSchema } from '../common/accounts';
import { listingRxSchema } from '../common/listing-doc';
import { orderRxSchema } from '../common/order-doc';
import { radioSubmissionRxSchema } from '../common/radio';
import { voteRxSchema, voteSessionRxSchema } from '../common/voting';

export const RX_SCHEMAS = {
  profiles: profileRxSchema,
  user_roles: userRolesRxSchema,
  token_balances: balanceRxSchema,
  daily_token_grants: dailyGrantRxSchema,
  votes: voteRxSchema,
  vote_sessions: voteSessionRxSchema,
  marketplace_listings: listingRxSchema,
  orders: orderRxSchema,
  radio_submissions: radioSubmissionRxSchema,
};

if (process.argv[1]?.endsWith('rx-schemas.ts')) {
  writeFileSync(new URL('../src/data/rx-schemas.json', import.meta.url), `${JSON.stringify(RX_SCHEMAS, null, 2)}\n`);
}
