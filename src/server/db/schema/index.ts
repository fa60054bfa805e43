// The one drizzle (pg-core) schema, one file per area. drizzle-kit reads this folder.
export * from './accounts';
export * from './outbox';
export * from './files';
export * from './accountFlows';
export * from './verification';
export * from './certification';
export * from './card';
export * from './audit';
export * from './serverKeys';
export * from './idempotency';
export * from './backOffice';
export * from './supportReferences';
export * from './documents';
