// Filled in by the files area. drizzle pg-core tables only.
export {};
