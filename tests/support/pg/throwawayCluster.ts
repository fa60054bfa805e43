// Settings of the tests' PostgreSQL clusters, which are deleted when the run (or the test) ends.
// Nothing in them has to outlive a crash of the machine, so PostgreSQL does not flush its files to
// the disk at each commit, checkpoint and CREATE DATABASE (every test database is a copy of the
// template). A commit is still handed to the kernel before it is acknowledged (synchronous_commit
// stays on), so a killed PostgreSQL or portal loses nothing a test relies on; only a power cut
// would, and no test cuts the power. On the 2-core test machine the flushes were most of the server
// suite's waiting: fuzz.test.ts wrote 2.4 GB and took 130 s with them, 0.1 GB and 56 s without
// (docs/decisions/testing.md, Session 14). Production runs with PostgreSQL's defaults.
export const THROWAWAY_CLUSTER: Readonly<Record<string, string>> = {
  fsync: 'off',
  full_page_writes: 'off',
};
