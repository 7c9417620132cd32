import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', '.local', 'functions/lib', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_|Typed$' }],
      'import-x/no-cycle': 'error',
      // Direction: shared (lib, data, hooks, components, config, common) -> features -> routes.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features', from: './src/routes' },
            { target: ['./src/lib', './src/data', './src/hooks', './src/components', './src/config'], from: ['./src/features', './src/routes'] },
            { target: './common', from: ['./src', './functions'] },
            { target: './functions', from: './src' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver': { typescript: { project: ['tsconfig.json', 'tsconfig.node.json'] } } },
  },
);
