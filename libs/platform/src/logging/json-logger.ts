import type { LoggerService } from '@nestjs/common';
import { currentCorrelationId } from './request-context';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

/**
 * One JSON line per log entry, with the service name and the current correlation id.
 * Callers pass facts, never bodies: passwords and tokens must not reach a log.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly level: LogLevel = 'info',
  ) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }

  private write(level: LogLevel, message: unknown, rest: unknown[]) {
    if (LEVELS[level] < LEVELS[this.level]) return;
    // Nest passes the context (a class name) last, and for errors a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      context,
      correlationId: currentCorrelationId(),
    };
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry.msg = String(message);
    }
    if (typeof rest[0] === 'string' && level === 'error') entry.stack = rest[0];
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  }
}
