import { once } from 'node:events';
import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { EmailProvider, classifySmtpError, messageIdOf } from './email-provider';
import { OutgoingMessage } from './provider';

describe('classifySmtpError', () => {
  it("fails a 5xx refusal at once, with the server's words", () => {
    expect(
      classifySmtpError(
        Object.assign(new Error("Can't send mail"), {
          responseCode: 550,
          response: '550 5.1.1 No such user',
        }),
        false,
      ),
    ).toEqual({ result: 'permanent', error: '550 5.1.1 No such user' });
  });

  it('retries a 4xx, a 503, a timeout or a dropped connection', () => {
    const errors = [
      { responseCode: 451, response: '451 Try later' },
      { responseCode: 503, response: '503 Bad sequence' },
      { code: 'ETIMEDOUT' },
      { code: 'ECONNECTION' },
      { code: 'ESOCKET' },
    ];
    for (const fields of errors)
      expect(classifySmtpError(Object.assign(new Error('x'), fields), false).result).toBe(
        'transient',
      );
  });

  it('is aborted when our own stop cut it short', () => {
    expect(classifySmtpError(Object.assign(new Error('x'), { code: 'EABORT' }), false)).toEqual({
      result: 'aborted',
    });
  });
});

describe('EmailProvider', () => {
  const received: { raw: Buffer; to: string[] }[] = [];
  let refuse: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse && address.address === refuse) {
        const error = Object.assign(new Error('No such user'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks),
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  let url: string;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const message: OutgoingMessage = {
    id: 42,
    kind: 'completed',
    channel: 'email',
    to: 'robin@example.com',
    subject: 'Your receipt',
    text: 'Thanks',
    html: '<p>Thanks</p>',
    attachments: [{ filename: 'receipt-CB-7K3Q9.pdf', content: Buffer.from('%PDF-1.4 x') }],
  };

  it('sends text, HTML and the attachment under a Message-ID of the message', async () => {
    const provider = new EmailProvider(url, '"Cincy Battery" <service@cincybattery.com>');
    const sent = await provider.send(message, new AbortController().signal);
    provider.close();
    expect(sent).toEqual({ result: 'sent', route: 'smtp', providerId: messageIdOf(42) });
    const mail = await simpleParser(received.at(-1)!.raw);
    expect(mail.messageId).toBe('<message-42@cincybattery.com>');
    expect(mail.from?.text).toBe('"Cincy Battery" <service@cincybattery.com>');
    expect(mail.text?.trim()).toBe('Thanks');
    expect(mail.html).toContain('<p>Thanks</p>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['receipt-CB-7K3Q9.pdf', 'application/pdf'],
    ]);
  });

  it("fails a refused recipient at once, with the server's words", async () => {
    refuse = 'nobody@example.com';
    const provider = new EmailProvider(url, 'service@cincybattery.com');
    const sent = await provider.send({ ...message, to: refuse }, new AbortController().signal);
    provider.close();
    expect(sent).toMatchObject({ result: 'permanent' });
    expect((sent as { error: string }).error).toContain('No such user');
  });

  it('retries when the server cannot be reached', async () => {
    const provider = new EmailProvider('smtp://127.0.0.1:1', 'service@cincybattery.com');
    const sent = await provider.send(message, new AbortController().signal);
    expect(sent).toMatchObject({ result: 'transient' });
  });
});
