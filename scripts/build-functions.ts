// `npm run build:functions`: the bundle `firebase deploy` ships (functions' predeploy).
import { buildFunctions } from './lib/build-functions';

await buildFunctions();
console.log('functions/lib/index.cjs built');
