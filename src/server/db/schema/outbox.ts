// Filled in by the outbox area. drizzle pg-core tables only.
export {};
