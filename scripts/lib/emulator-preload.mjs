// Loaded into the firebase-tools process of the local stack (NODE_OPTIONS=--import).
// The Hosting emulator forwards every request header to the function through undici, which
// refuses `Expect: 100-continue` (curl sends it for bodies over 1 MB) and the emulator then
// answers 500. Deployed Hosting handles the header; here it is dropped before forwarding.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const load = createRequire(import.meta.url);
let undici = null;
try {
  undici = load(load.resolve('undici', { paths: [dirname(load.resolve('firebase-tools/package.json'))] }));
} catch {
  undici = null;
}
if (undici && typeof undici.request === 'function') {
  const request = undici.request;
  undici.request = function requestWithoutExpect(url, options) {
    const headers = options?.headers;
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'expect') delete headers[key];
    }
    return request.call(this, url, options);
  };
}
