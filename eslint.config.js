import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** Each feature is a room: it may import shared code and itself, never another feature. */
const featureZones = readdirSync('./src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature imports no other feature: move what both need to src/components, src/hooks or src/lib, and compose in a route.',
  }));

/** Packages that only run in the browser: the server and common/ never import them. */
const BROWSER_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'rxdb', 'rxdb/*', 'firebase', 'firebase/*', 'howler', 'wavesurfer.js', 'workbox-window', 'zustand', 'sonner', 'canvas-confetti', 'lucide-react', '@radix-ui/*', '@tanstack/*', 'virtual:*', '@/*'];
/** Packages that only run on the server: common/ is shared with the browser, so it never imports them. */
const SERVER_PACKAGES = ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', 'express', 'busboy', 'helmet', 'cors', 'stripe', 'node:*'];
/** The typed client is the only way to the API from the browser. */
const CALL_THROUGH_ENDPOINTS = 'Call the API with call(endpoints.<area>.<name>, …) (src/lib/api/call.ts): paths come from the declarations in common/api.';
const banImports = (groups, message) => ['error', { patterns: [{ group: groups, message }] }];

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', '.local', 'functions/lib', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_|Typed$' }],
      // A dynamic import runs after its importer has loaded: session.ts loads firebase.ts on demand, and firebase.ts reports back to it.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      // Direction: shared (lib, data, hooks, components, config, common) -> features -> routes.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features', from: './src/routes' },
            { target: ['./src/lib', './src/data', './src/hooks', './src/components', './src/config'], from: ['./src/features', './src/routes'] },
            { target: './common', from: ['./src', './functions'] },
            { target: './functions', from: './src' },
            // The platform holds adapters (HTTP glue, codecs, storage, mail, chain, station): it imports no area's rules.
            {
              target: './functions/src/platform',
              from: './functions/src',
              except: ['./platform', './env.ts'],
              message: 'The platform holds adapters only: move the rule to its area (functions/src/<area>), which may import the platform.',
            },
            ...featureZones,
          ],
        },
      ],
    },
    // Two projects on purpose: the browser's (DOM types) and Node's (functions, scripts, tests).
    // The TypeScript files' export maps: without extensions and parser, import-x reads only .js, and no-cycle saw no cycle.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { typescript: { project: ['tsconfig.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true } },
    },
  },
  // Every confirmation is the UI kit's ConfirmDialog (useConfirm), and messages are toasts: the browser's own boxes block the page, ignore the app's look and cannot be tested like the rest.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...['confirm', 'alert', 'prompt'].map((name) => ({ name, message: 'Use useConfirm() / ConfirmDialog (src/hooks/use-confirm.tsx) or a toast (src/lib/notify.ts).' }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['confirm', 'alert', 'prompt'].map((property) => ({ object, property, message: 'Use useConfirm() / ConfirmDialog (src/hooks/use-confirm.tsx) or a toast (src/lib/notify.ts).' })),
        ),
      ],
    },
  },
  // Every API call goes through the typed client and the generated endpoint table (src/lib/api/call.ts, src/lib/api/endpoints.gen.ts): no literal API path in src (issue 53 §1).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/api/api.ts', 'src/lib/api/call.ts', 'src/lib/api/endpoints.gen.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['@/lib/api/api', './api'].map((name) => ({ name, importNames: ['api', 'apiBlob'], message: CALL_THROUGH_ENDPOINTS })) }],
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: CALL_THROUGH_ENDPOINTS },
        { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: CALL_THROUGH_ENDPOINTS },
      ],
    },
  },
  { files: ['functions/src/**'], rules: { 'no-restricted-imports': banImports(BROWSER_PACKAGES, 'The server imports no browser code.') } },
  {
    files: ['common/**'],
    rules: { 'no-restricted-imports': banImports([...BROWSER_PACKAGES, ...SERVER_PACKAGES], 'common/ is shared by the browser and the server: pure rules, zod schemas and constants only.') },
  },
  // Test harnesses and scripts read untyped JSON; `any` stays banned in src/ and functions/.
  { files: ['tests/**', 'scripts/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
