import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and the app's
// Content-Security-Policy forbids eval (the probe alone would report a violation). The probe runs
// when an object schema is built, so main.tsx imports this first: routes build their search
// schemas at load.
config({ jitless: true });
