import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Feature-sliced layers import only downward, and only through a slice's public API (index.ts).
const layers = ['app', 'pages', 'widgets', 'features', 'entities', 'shared'];
const deepImports = {
  group: ['@/pages/*/*', '@/widgets/*/*', '@/features/*/*', '@/entities/*/*', '@/shared/*/*/*', '@/app/*'],
  message: 'Import a slice through its public API (index.ts).',
};
const layerRules = layers.slice(1).map((layer, i) => {
  const above = layers.slice(0, i + 1);
  return {
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          deepImports,
          { group: above.map((l) => `@/${l}/**`).concat(above.map((l) => `@/${l}`)), message: `${layer} may only import from the layers below it.` },
        ],
      }],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-bench/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'public/**', 'data/**', '.tmp/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, __MOCK__: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [deepImports] }],
    },
  },
  ...layerRules,
  // The service worker runs in a worker: its globals, not a page's.
  { files: ['src/app/service-worker/**/*.ts'], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
