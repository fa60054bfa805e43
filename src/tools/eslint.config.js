// Lint, including the layer rules that keep the architecture from eroding (issue 2 §1):
// machines/ imports nothing from src/web, src/server, React or the DOM; src/contract imports
// neither web nor server; web and server never import each other.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const webOrServer = (msg) => [
  { group: ['**/src/web/**', '**/web/**'], message: msg },
  { group: ['**/src/server/**', '**/server/**'], message: msg },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'docs/**',
      'src/locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules of hooks guard correctness; the React-compiler advisories stay out until we use it.
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      ...restrict([
        ...webOrServer('machines/ are pure: no web or server code.'),
        {
          group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@mantine/*', 'wouter'],
          message: 'machines/ are pure: no React.',
        },
        {
          group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
          message: 'machines/ are pure: no I/O.',
        },
      ]),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'fetch',
        'navigator',
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrict(webOrServer('src/contract is shared: it imports neither web nor server.')),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/src/server/**', '**/server/**'], message: 'The web app never imports the server.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      { group: ['**/src/web/**', '**/web/**'], message: 'The server never imports the web app.' },
      { group: ['react', 'react-dom', '@mantine/*'], message: 'The server never imports React.' },
    ]),
  },
);
