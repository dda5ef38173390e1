import { AppLogger, LogLevel } from './app-logger';
import { runWithContext } from './request-context';

function capture(level: LogLevel = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = new AppLogger('booking', level, {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe('AppLogger (pino)', () => {
  it('writes one JSON line with the service, the level, the message and the Nest context', () => {
    const { logger, lines } = capture();
    logger.log('Listening', 'NestApplication');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: 'booking',
      msg: 'Listening',
      context: 'NestApplication',
    });
    expect(typeof lines[0].time).toBe('number');
  });

  it('carries the correlation id of the request being handled, and none outside one', () => {
    const { logger, lines } = capture();
    runWithContext({ correlationId: 'req-42' }, () => logger.warn({ msg: 'slow', ms: 812 }));
    logger.log('idle');
    expect(lines[0]).toMatchObject({ level: 40, correlationId: 'req-42', msg: 'slow', ms: 812 });
    expect(lines[1]).not.toHaveProperty('correlationId');
  });

  it('drops entries below the configured level', () => {
    const { logger, lines } = capture('warn');
    logger.debug('noise');
    logger.log('chatter');
    logger.error('broken');
    expect(lines.map((l) => l.msg)).toEqual(['broken']);
  });

  it('never writes a password, cookie or authorization passed along with the facts', () => {
    const { logger, lines } = capture();
    logger.log({
      msg: 'login',
      password: 'hunter2',
      headers: { cookie: 'sid=abc', authorization: 'Basic x' },
    });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sid=abc');
    expect(text).not.toContain('Basic x');
  });

  it("never writes a token (a booking's private link, a session), alone or in a request", () => {
    const { logger, lines } = capture();
    logger.warn({ msg: 'look-up', token: 'abc123secret', request: { token: 'def456secret' } });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('abc123secret');
    expect(text).not.toContain('def456secret');
  });

  it('keeps the stack of an error', () => {
    const { logger, lines } = capture();
    logger.error(new Error('db down'), 'Relay');
    expect(lines[0]).toMatchObject({ level: 50, msg: 'db down', context: 'Relay' });
    expect((lines[0].err as { stack: string }).stack).toContain('db down');
  });
});
