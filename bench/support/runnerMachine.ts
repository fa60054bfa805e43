// The machine the figures came from: they mean little without it (issue 10: "the closing note quotes
// the figures and the machine they came from").
import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
