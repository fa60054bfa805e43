// Lint, including the layer rules that keep the architecture from eroding (issue 2 §1):
// machines/ imports nothing from src/web, src/server, React or the DOM; src/contract imports
// neither web nor server; web and server never import each other.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** A name that holds a status or an audit status: status, auditStatus, enterpriseCertificationStatus… */
const STATUS_NAME = '/^(status|audit)$|(Status|Audit)$/';
const otherSide = (side) => (side === 'left' ? 'right' : 'left');

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
      'data-two/**',
      'coverage/**',
      // Stryker's reports and sandboxes (npm run test:mutation).
      'reports/**',
      '.stryker-tmp/**',
      '.tmp/**',
      'docs/**',
      'src/locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  // Type-aware (issue 17 §1): a promise nobody awaits or handles stopped the server once; these
  // rules find that shape, and the project service gives them the types of the whole tree.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-array-sort-compare': ['error', { ignoreStringArrays: true }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Fastify hooks and handlers, actors and test callbacks are async by contract even when one has
      // nothing to await; the harm is an unhandled promise, which the rules above catch.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // XState's `types: {} as {…}` is how setup() learns the machine's types; the rule calls it
    // unnecessary because the literal is contextually typed, and removing it breaks the inference.
    files: ['machines/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  {
    // Code generic over every machine works with XState's AnyStateMachine / AnyMachineSnapshot,
    // whose context, value and events are typed `any` by XState itself.
    files: ['machines/lifecycle.ts', 'src/tools/machineGraph/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Tests read JSON answers (any) field by field and pass methods to expect(); the promise rules
    // still apply to them.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript (this file and a few tool scripts) is outside the TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
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
    // Issue 19 §3: views render what the contract and the charts say; they restate no rule. A time is
    // written with the contract's units (Time.SECOND…, Limits.*), never as 60_000; a certification,
    // audit or HTTP status is compared by its name in src/contract (statuses.ts, httpStatus.ts), never
    // with a number. tests/unit/webLiteralsLint.test.ts proves both on bad snippets.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // 1000, 2_000, 60_000, 3_600_000…: in this code base such a number is a time in ms.
          selector: 'Literal[raw=/^[1-9][0-9_]*000$/]',
          message:
            'A time written as a number: use Time.* or Limits.* from src/contract/limits.ts (a non-time number gets a name in the contract).',
        },
        ...['left', 'right'].map((side) => ({
          // x.status === 1, auditStatus !== 3, response.status >= 400, a?.status === 0 (either side;
          // -1 too). Named constants and helpers (HttpStatus.forbidden, certificationStandingOf) pass.
          selector: `BinaryExpression:matches([operator='==='], [operator='!=='], [operator='=='], [operator='!='], [operator='<'], [operator='<='], [operator='>'], [operator='>=']):matches([${side}.name=${STATUS_NAME}], [${side}.property.name=${STATUS_NAME}], [${side}.expression.property.name=${STATUS_NAME}]):matches([${otherSide(side)}.type='Literal'][${otherSide(side)}.raw=/^[0-9]/], [${otherSide(side)}.type='UnaryExpression'][${otherSide(side)}.argument.raw=/^[0-9]/])`,
          message:
            'A status compared with a number: use the vocabulary in src/contract (statuses.ts: CertificationStatus, AuditStatus, certificationStandingOf; httpStatus.ts).',
        })),
        {
          selector: `SwitchStatement:matches([discriminant.name=${STATUS_NAME}], [discriminant.property.name=${STATUS_NAME}]) > SwitchCase > Literal.test[raw=/^[0-9]/]`,
          message:
            'A status switched on by number: use the vocabulary in src/contract (statuses.ts, httpStatus.ts).',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([
      { group: ['**/src/web/**', '**/web/**'], message: 'The server never imports the web app.' },
      { group: ['react', 'react-dom', '@mantine/*'], message: 'The server never imports React.' },
    ]),
  },
);
