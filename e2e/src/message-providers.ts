import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The message providers of the end-to-end tests, real servers on this machine: an SMTP server
 * (the `smtp-server` package) and a text provider in the shape of Twilio's Messages API.
 */

/** An SMTP server that keeps what it accepted; it can hold the reply to the next message's DATA. */
export class TestSmtpServer {
  readonly received: ParsedMail[] = [];
  private server?: SMTPServer;
  private holdNext: ((release: (accept: boolean) => void) => void) | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const accept = (ok: boolean) => {
            if (!ok) return callback(new Error('421 held message dropped'));
            // Counted only when the 250 goes out: a sender that died before it never sent it.
            void simpleParser(Buffer.concat(chunks)).then((mail) => {
              this.received.push(mail);
              callback();
            });
          };
          const hold = this.holdNext;
          this.holdNext = null;
          if (hold) hold(accept);
          else accept(true);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next message's DATA waits for the test: it is given a function that answers it. */
  holdNextMessage(): Promise<(accept: boolean) => void> {
    return new Promise((resolve) => (this.holdNext = resolve));
  }

  /** The messages sent to `to` whose subject matches. */
  to(to: string, subject?: RegExp): ParsedMail[] {
    return this.received.filter(
      (m) =>
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)) &&
        (!subject || subject.test(m.subject ?? '')),
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(resolve) : resolve()));
  }
}

export interface SentText {
  to: string;
  from: string;
  body: string;
  authorization: string | undefined;
}

/**
 * A text provider speaking Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded To/From/Body, answering 201 with a `sid`. It refuses the first `failFirst`
 * attempts with a 500, as a provider having a bad minute does.
 */
export class TestSmsProvider {
  readonly texts: SentText[] = [];
  attempts = 0;
  private server?: Server;
  port = 0;

  constructor(private failFirst = 1) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void readBody(req).then((body) => {
        this.attempts++;
        if (req.method !== 'POST' || !/\/Accounts\/[^/]+\/Messages\.json$/.test(req.url ?? '')) {
          res.writeHead(404).end();
          return;
        }
        if (this.failFirst > 0) {
          this.failFirst--;
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
          return;
        }
        const form = new URLSearchParams(body);
        this.texts.push({
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          authorization: req.headers.authorization,
        });
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${this.texts.length}`, status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  to(e164: string): SentText[] {
    return this.texts.filter((t) => t.to === e164);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
