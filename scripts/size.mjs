// Prints the gzipped JS and CSS the browser loads for the home route, and checks the budget.
// Home = the entry chunk and its static imports, plus the chunks of the index route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const BUDGET_JS_KB = 250;
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit('index.html');
for (const key of Object.keys(manifest)) if (key.startsWith('src/routes/index.tsx') || key.startsWith('src/routes/__root.tsx')) visit(key);

const home = new Set(files);
// Signed-in visitors also load the data layer (RxDB + Dexie), lazily after first render.
for (const key of Object.keys(manifest)) if (key.startsWith('src/data/data-layer')) visit(key);
const signedInExtra = [...files].filter((f) => !home.has(f));
for (const f of signedInExtra) files.delete(f);

const gz = (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const extraKb = signedInExtra.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0) / 1024;

let js = 0;
let css = 0;
const rows = [];
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  if (file.endsWith('.js')) js += gz;
  else if (file.endsWith('.css')) css += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
console.log(`\nHome route: JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip (budget: JS ${BUDGET_JS_KB} KB)`);
console.log(`Signed in, the data layer (RxDB + Dexie) loads after first render: +${extraKb.toFixed(1)} KB gzip JS = ${(js / 1024 + extraKb).toFixed(1)} KB`);
const worst = js / 1024 + extraKb;
if (worst > BUDGET_JS_KB) {
  console.error(`Over budget by ${(worst - BUDGET_JS_KB).toFixed(1)} KB`);
  process.exit(1);
}
