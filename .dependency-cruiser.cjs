// Import rules of the layers (issue 19 §6), checked by `npm run lint` (dependency-cruiser):
// contract ← machines ← web/server. The contract imports no other layer, machines import neither web
// nor server, web and server never import each other (both may import contract and machines), and
// nothing in src/ or machines/ imports in a circle. ESLint's no-restricted-imports (src/tools/
// eslint.config.js) says the same per file; this check also sees cycles, which span files.
// Type-only imports count too: a type that crosses a layer backwards still couples the layers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-no-layer',
      comment: 'src/contract/ is the bottom layer: it may not import machines/, src/web/ or src/server/.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^(machines|src/web|src/server|src/tools)/' },
    },
    {
      name: 'machines-import-no-app',
      comment: 'machines/ are pure charts over the contract: they may not import src/web/ or src/server/.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^(src/web|src/server|src/tools)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app may not import the server (share through src/contract/ or machines/).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server may not import the web app (share through src/contract/ or machines/).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles in src/ or machines/: move the shared piece to a module both sides import.',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { circular: true },
    },
  ],
  options: {
    // Only our own code: packages are not followed, so a run takes seconds.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
