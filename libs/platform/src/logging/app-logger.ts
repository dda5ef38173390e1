import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import { currentCorrelationId } from './request-context';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fields that may hold a secret: pino replaces their value wherever a caller passes them. */
const REDACTED_PATHS = [
  'password',
  'newPassword',
  'passwordHash',
  'cookie',
  'authorization',
  'secret',
  // A booking's private link (ADR 0090), a session's id.
  'token',
  '*.token',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.cookie',
  '*.authorization',
  '*.secret',
  'headers.cookie',
  'headers.authorization',
];

/**
 * Nest's logger on pino: one JSON line per entry (pino's shape: numeric level, epoch ms `time`,
 * `msg`), with the service name and the current correlation id on every line. `npm start` makes
 * the lines readable in a terminal (@cincy/stack log-format). Callers pass facts, never bodies.
 */
export class AppLogger implements LoggerService {
  readonly pino: Logger;

  constructor(service: string, level: LogLevel = 'info', destination?: DestinationStream) {
    this.pino = pino(
      {
        level,
        base: { service },
        messageKey: 'msg',
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        // Read per line: the correlation id lives in the request's AsyncLocalStorage.
        mixin: () => {
          const correlationId = currentCorrelationId();
          return correlationId ? { correlationId } : {};
        },
      },
      destination ?? pino.destination({ fd: 1, sync: true }),
    );
  }

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
    if (!this.pino.isLevelEnabled(level)) return;
    // Nest passes the context (a class name) last, and for errors a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
      return;
    }
    if (typeof rest[0] === 'string' && level === 'error') fields.stack = rest[0];
    if (typeof message === 'object' && message !== null) {
      const { msg, ...facts } = message as Record<string, unknown>;
      this.pino[level]({ ...fields, ...facts }, typeof msg === 'string' ? msg : undefined);
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
