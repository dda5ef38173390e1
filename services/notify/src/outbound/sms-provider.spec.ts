import { once } from 'node:events';
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { OutgoingMessage } from './provider';
import { SmsProvider, classifySmsAnswer } from './sms-provider';

describe('classifySmsAnswer', () => {
  it("is sent on 201 with the provider's sid", () => {
    expect(classifySmsAnswer(201, { sid: 'SM123' })).toEqual({
      result: 'sent',
      route: 'sms',
      providerId: 'SM123',
    });
  });

  it("retries 429 and 5xx, and fails other 4xx with the provider's words", () => {
    expect(classifySmsAnswer(429, { message: 'Too many requests' })).toEqual({
      result: 'transient',
      error: 'HTTP 429: Too many requests',
    });
    expect(classifySmsAnswer(503, null)).toEqual({ result: 'transient', error: 'HTTP 503' });
    expect(classifySmsAnswer(400, { message: "The 'To' number is not valid." })).toEqual({
      result: 'permanent',
      error: "The 'To' number is not valid.",
    });
    expect(classifySmsAnswer(404, 'nope')).toEqual({ result: 'permanent', error: 'HTTP 404' });
  });
});

describe('SmsProvider', () => {
  const message: OutgoingMessage = {
    id: 1,
    kind: 'received',
    channel: 'sms',
    to: '+15135550188',
    subject: null,
    text: 'Hello & welcome',
    html: null,
    attachments: [],
  };
  let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => answer(req, res, body));
  });
  let url: string;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const provider = (timeoutMs?: number) =>
    new SmsProvider({
      url,
      accountSid: 'AC1',
      authToken: 's3cret',
      from: '+15135550142',
      timeoutMs,
    });

  it("posts the Messages API's form with Basic credentials", async () => {
    let seen: { path?: string; auth?: string; type?: string; body?: string } = {};
    answer = (req, res, body) => {
      seen = {
        path: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      };
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM9"}');
    };
    const sent = await provider().send(message, new AbortController().signal);
    expect(sent).toEqual({ result: 'sent', route: 'sms', providerId: 'SM9' });
    expect(seen.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(seen.auth).toBe(`Basic ${Buffer.from('AC1:s3cret').toString('base64')}`);
    expect(seen.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen.body))).toEqual({
      To: '+15135550188',
      From: '+15135550142',
      Body: 'Hello & welcome',
    });
  });

  it('counts a provider that does not answer in time as a failure that may pass', async () => {
    answer = () => undefined; // never answers
    const sent = await provider(200).send(message, new AbortController().signal);
    expect(sent).toEqual({ result: 'transient', error: 'no answer within 200 ms' });
  });

  it('counts a refused connection as a failure that may pass, without the credentials', async () => {
    const down = new SmsProvider({
      url: 'http://127.0.0.1:1',
      accountSid: 'AC1',
      authToken: 's3cret',
      from: '+15135550142',
    });
    const sent = await down.send(message, new AbortController().signal);
    expect(sent).toMatchObject({ result: 'transient' });
    expect(JSON.stringify(sent)).not.toContain('s3cret');
  });

  it('is aborted, not failed, when our own stop cuts it short', async () => {
    answer = () => undefined;
    const stop = new AbortController();
    const sending = provider().send(message, stop.signal);
    setTimeout(() => stop.abort(), 50);
    expect(await sending).toEqual({ result: 'aborted' });
  });
});
