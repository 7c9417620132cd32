/**
 * `npm run openapi`: writes docs/openapi.json (the OpenAPI 3.1 document) and
 * src/lib/api/endpoints.gen.ts (the client's table of endpoints) from the declarations in
 * common/api. common/api/generated.test.ts fails when either file is not current.
 */
import { writeFileSync } from 'node:fs';
import { clientTable } from '../common/api/client-table';
import { openApiJson } from '../common/api/openapi';

export const OPENAPI_FILE = 'docs/openapi.json';
export const CLIENT_TABLE_FILE = 'src/lib/api/endpoints.gen.ts';

writeFileSync(OPENAPI_FILE, openApiJson());
writeFileSync(CLIENT_TABLE_FILE, clientTable());
console.log(`wrote ${OPENAPI_FILE} and ${CLIENT_TABLE_FILE}`);
