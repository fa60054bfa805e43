// How the server logs (issue 17 §2): JSON lines for machines, readable lines for a person. Under a
// terminal (`npm start`, `npm run dev`) pino-pretty formats them in this process, synchronously, so a
// worker that exits after a fault still prints its last words; anywhere else (a service manager, a
// log file, the benches) one JSON object a line, the lines of one turn of the event loop written
// together (batchedStdout.ts). Every line of a request carries its reqId.
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config';
import { batchedStdout } from './batchedStdout';

/** Fastify's `logger` option for this configuration. */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  tty: boolean = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  // JSON lines leave once per turn of the event loop, not one write a line (batchedStdout.ts).
  if (!tty) return { level: config.logLevel, stream: batchedStdout() };
  return { level: config.logLevel, stream: prettyStream() };
}

/** pino-pretty writing to stdout: time, level (pid), [reqId] message; other fields below it. */
export function prettyStream() {
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'hostname,reqId',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
  });
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type LevelName = keyof typeof LEVELS;

export type LineLogger = Record<LevelName, (fields: Record<string, unknown>, msg: string) => void>;

/**
 * The supervisor's log (it has no Fastify, and pino is not ours to import): the same lines as the
 * workers' pino, JSON or pretty by the same rule, with `name` saying who speaks.
 */
export function createLineLogger(
  name: string,
  config: Pick<AppConfig, 'logLevel'>,
  tty: boolean = process.stdout.isTTY === true,
  write: (line: string) => void = (line) => void process.stdout.write(line),
): LineLogger {
  const min = config.logLevel === 'silent' ? Infinity : LEVELS[config.logLevel];
  const stream = tty ? prettyStream() : undefined;
  const emit = (level: LevelName) => (fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[level] < min) return;
    const line =
      JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, name, ...fields, msg }) +
      '\n';
    if (stream) stream.write(line);
    else write(line);
  };
  return {
    trace: emit('trace'),
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    fatal: emit('fatal'),
  };
}
