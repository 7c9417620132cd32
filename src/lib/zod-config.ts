import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and the app's
// Content-Security-Policy forbids eval (the probe alone would report a violation). The probe runs
// when an object schema is built, so this is imported first by the screens whose modules build
// schemas with zod's classic API (not on the first load: it costs ~3.5 KB there).
config({ jitless: true });
