// The embedded PostgreSQL's memory settings (issue 31 §1, docs/decisions/engine-process.md): the
// portal's one local cluster runs beside its workers on the same machine, so it starts no process
// it does not use. Each line names what it saves, measured on the 2-core bench machine.
export const EMBEDDED_MEMORY_SETTINGS: Record<string, string> = {
  // PostgreSQL 18 reads through three I/O worker processes by default (~25 MB RSS, ~8 MB PSS
  // together); each backend reading for itself is what PostgreSQL 17 did, and the portal's reads
  // are small indexed ones.
  io_method: 'sync',
  // No logical replication: its launcher process (~8 MB RSS) never has work.
  max_logical_replication_workers: '0',
  // No huge pages are reserved on the machines it runs on; 'try' only probes for them at start.
  huge_pages: 'off',
};
