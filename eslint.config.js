import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const corePure = {
  group: [
    'node:*',
    'react',
    'react-*',
    'fastify',
    '@fastify/*',
    'drizzle-orm',
    'drizzle-orm/*',
    '**/server/**',
    '**/web/**',
  ],
  message: 'core is pure: pass data in, return data out.',
};

/**
 * A server module is used through its face, `modules/<area>/index.ts` (house-style.md, "Module
 * boundaries"): `../<area>` from another module, `…/modules/<area>` from elsewhere. Files inside an
 * area import their siblings (`./x`).
 */
const moduleFace = {
  regex: '(^|/)modules/[^/]+/.+',
  message: "import another module's face, modules/<area> (its index.ts), not a file inside it.",
};
const siblingModuleFace = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/.+',
  message: "import another module's face, ../<area> (its index.ts), not a file inside it.",
};

export default tseslint.config(
  { ignores: ['dist', 'dist.builds', 'node_modules', 'data', 'test-results', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/core/**'], rules: { 'no-restricted-imports': ['error', { patterns: [corePure] }] } },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'drizzle-orm*', 'node:*'], message: 'web reaches the server only over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**', 'test/**', 'e2e/**', 'scripts/**'],
    // The benchmarks time a module's inner stages one by one (parsing, grouping, the COPY of one
    // batch), as that module's own tests do: they are the one place outside a module that may.
    ignores: ['scripts/bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleFace] }] },
  },
  {
    files: ['src/server/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleFace, siblingModuleFace] }] },
  },
);
