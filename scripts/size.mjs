// Prints the gzipped JS and CSS the browser loads for the home route, signed out and signed in,
// and fails above either budget (issue 13).
// Signed out = the entry chunk and its static imports, plus the chunks of the index route.
// Signed in adds what loads lazily for a signed-in visitor: Firebase Auth (src/lib/firebase.ts;
// signed-out visitors skip it, see src/lib/session.ts). The data layer (RxDB + Dexie) is not
// loaded on a signed-in home page (src/data/lazy.ts; tests/e2e/shell.spec.ts checks it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const BUDGET_KB = { signedOut: 130, signedIn: 200 };
// Chunks by name: src/lib/firebase.ts is a shared chunk (the auth route imports it statically).
const SIGNED_IN_CHUNKS = ['firebase'];
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));

/** The files a chunk loads up front (itself, its CSS, its static imports), added to `files`. */
const visit = (files, key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(files, dep);
};

const signedOut = new Set();
visit(signedOut, 'index.html');
for (const key of Object.keys(manifest)) if (key.startsWith('src/routes/index.tsx') || key.startsWith('src/routes/__root.tsx')) visit(signedOut, key);
const signedIn = new Set(signedOut);
for (const name of SIGNED_IN_CHUNKS) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].name === name);
  if (keys.length === 0) throw new Error(`No chunk named ${name} in the build: update SIGNED_IN_CHUNKS`);
  for (const key of keys) visit(signedIn, key);
}

const gz = (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024;
const sum = (files, ext) => [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);

const rows = [...signedIn].map((file) => [file, gz(file), signedOut.has(file) ? '' : '  (signed in)']);
rows.sort((a, b) => b[1] - a[1]);
for (const [file, kb, note] of rows) console.log(`${kb.toFixed(1).padStart(8)} KB  ${file}${note}`);

const totals = { signedOut: sum(signedOut, '.js'), signedIn: sum(signedIn, '.js') };
console.log(`\nHome route, CSS: ${sum(signedOut, '.css').toFixed(1)} KB gzip`);
console.log(`Home route, signed out: JS ${totals.signedOut.toFixed(1)} KB gzip (budget ${BUDGET_KB.signedOut} KB)`);
console.log(`Home route, signed in (+ Firebase Auth): JS ${totals.signedIn.toFixed(1)} KB gzip (budget ${BUDGET_KB.signedIn} KB)`);
let failed = false;
for (const key of ['signedOut', 'signedIn']) {
  if (totals[key] <= BUDGET_KB[key]) continue;
  console.error(`${key === 'signedOut' ? 'Signed out' : 'Signed in'}: over budget by ${(totals[key] - BUDGET_KB[key]).toFixed(1)} KB`);
  failed = true;
}
if (failed) process.exit(1);
