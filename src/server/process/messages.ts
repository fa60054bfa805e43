// What a worker tells the supervisor over the cluster's IPC channel. (The supervisor tells a worker
// to stop with SIGTERM, the same signal a service manager would send it.)
export type WorkerMessage =
  /** The worker accepts connections. */
  | { type: 'portal:listening'; port: number }
  /** The worker could not start (bad database, port taken…): the message is the cause. */
  | { type: 'portal:startFailed'; message: string; stack?: string }
  /** A fault escaped every handler: the worker drains and exits; replace it now. */
  | { type: 'portal:fault'; message: string };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('portal:');
}

/** Sends to the supervisor if there is one (a worker started by hand has no IPC channel). */
export function tellSupervisor(message: WorkerMessage): void {
  if (process.send && process.connected) process.send(message);
}
