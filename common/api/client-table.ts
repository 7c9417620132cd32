/**
 * src/lib/api/endpoints.gen.ts, generated from the declarations: each endpoint's method, path and kind of answer,
 * typed by its declaration (a type-only import, so no schema reaches the browser bundle).
 */
import { API } from './index';
import type { Endpoint } from './contract';

export function clientTable(): string {
  const lines = [
    '// Generated from common/api by scripts/openapi.ts (npm run openapi): do not edit. Call an endpoint with src/lib/api/call.ts.',
    "import type { API } from '@common/api/index';",
    "import type { Route } from './call';",
    '',
    '// One export per area; the browser imports them as a namespace: `import * as endpoints from \'@/lib/api/endpoints.gen\'`.',
  ];
  for (const [area, eps] of Object.entries(API)) {
    lines.push(`export const ${area} = {`);
    for (const [name, e] of Object.entries(eps as Record<string, Endpoint>)) {
      lines.push(`  ${name}: { method: '${e.method}', path: '${e.path}', reply: '${e.response.kind}' } as Route<(typeof API)['${area}']['${name}']>,`);
    }
    lines.push('} as const;', '');
  }
  return lines.join('\n');
}
