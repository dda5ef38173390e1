import { formatLogLine, printableLines } from './log-format';

describe('formatLogLine', () => {
  it('prints a JSON entry as its message, with context and short fields', () => {
    const line = JSON.stringify({
      level: 'info',
      time: '2026-11-22T10:00:00.000Z',
      service: 'identity',
      context: 'Users',
      msg: 'admin created',
      username: 'admin',
      attempts: 2,
      nested: { ignored: true },
    });
    expect(formatLogLine(line)).toEqual({
      text: '[Users] admin created username=admin attempts=2',
      level: 'info',
    });
  });

  it('names a level other than info, numeric pino levels included', () => {
    expect(formatLogLine('{"level":"warn","msg":"slow answer"}').text).toBe('WARN slow answer');
    expect(formatLogLine('{"level":50,"msg":"down"}')).toEqual({
      text: 'ERROR down',
      level: 'error',
    });
  });

  it('adds the error stack on the next lines, or a string error in brackets', () => {
    const withStack = JSON.stringify({
      level: 'error',
      msg: 'failed',
      err: { stack: 'Error: boom\n    at main.js:1' },
    });
    expect(formatLogLine(withStack).text).toBe('ERROR failed\nError: boom\n    at main.js:1');
    expect(formatLogLine('{"level":"error","msg":"failed","error":"ECONNREFUSED"}').text).toBe(
      'ERROR failed (ECONNREFUSED)',
    );
  });

  it('shortens long string fields', () => {
    const text = formatLogLine(JSON.stringify({ msg: 'm', subject: 'x'.repeat(200) })).text;
    expect(text).toBe(`m subject=${'x'.repeat(117)}...`);
  });

  it('leaves lines that are not JSON log entries as they are', () => {
    for (const line of ['plain text', '{not json}', '{"no":"message"}', '  ']) {
      expect(formatLogLine(line)).toEqual({ text: line });
    }
  });
});

describe('printableLines', () => {
  const noTty = { isTTY: false } as NodeJS.WriteStream;

  it('prefixes every line of an entry with the padded process name', () => {
    const line = JSON.stringify({ level: 'error', msg: 'failed', stack: 'Error: boom\n  at x' });
    const saved = process.env.FORCE_COLOR;
    delete process.env.FORCE_COLOR;
    try {
      expect(printableLines(line, 'booking', 1, noTty)).toEqual([
        'booking   | ERROR failed',
        'booking   | Error: boom',
        'booking   |   at x',
      ]);
    } finally {
      if (saved !== undefined) process.env.FORCE_COLOR = saved;
    }
  });
});
