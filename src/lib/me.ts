import type { Role } from '@common/constants';
import * as endpoints from './api/endpoints.gen';
import { call } from './api/call';

/** GET /api/me, as far as the client reads it (the whole answer: common/api/accounts.ts, docs/openapi.json). */
export type Me = { profile: { referred_by: string | null }; roles: Role[] };

/** The caller's own account as the server has it now (the replicated copies can lag behind). */
export const fetchMe = (signal?: AbortSignal): Promise<Me> => call(endpoints.accounts.me, { signal });
