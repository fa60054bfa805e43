// What the server harness's globalSetup hands to the test files (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL, on its maintenance database. */
    pgAdminUrl: string;
    /** A database with every migration applied; each test database is a copy of it. */
    pgTemplate: string;
    /** Which server the run uses: the embedded one or Debian's, reached as an external server. */
    pgServerKind: 'embedded' | 'external';
  }
}

export {};
