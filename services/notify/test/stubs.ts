// The outside world of notify in a test: an SMTP server, a text provider in the shape of
// Twilio's Messages API, booking's and dispatch's answers on NATS, and the facts they announce.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import {
  EventPayload,
  RpcAnswer,
  RpcRequest,
  RpcSubject,
  ServiceRecord,
  businessInstant,
  natsNames,
} from '@cincy/contracts';
import { TEST_ACTORS } from '@cincy/platform/testing';
import { ParsedMail, simpleParser } from 'mailparser';
import { JSONCodec, NatsConnection } from 'nats';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that counts a message only when it answers 250. With `hold` on, it keeps the
 * next message's DATA reply back (a slow server) until `release()`; a client that goes away
 * meanwhile never got its 250, and the message is not counted.
 */
export class TestSmtpServer {
  readonly accepted: ParsedMail[] = [];
  hold = false;
  held: string | null = null;
  private accept?: () => Promise<void>;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const accept = () =>
            simpleParser(Buffer.concat(chunks)).then((mail) => {
              this.accepted.push(mail);
              callback();
            });
          if (this.hold) {
            this.hold = false;
            this.held = session.id;
            this.accept = accept;
            return; // no answer, until released or the client gives up
          }
          void accept();
        });
      },
      onClose: (session) => {
        if (this.held !== session.id) return;
        this.held = null;
        this.accept = undefined;
      },
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server.server, 'listening');
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Answers the held message's DATA with 250: it is counted now. */
  async release(): Promise<void> {
    const accept = this.accept;
    this.held = null;
    this.accept = undefined;
    await accept?.();
  }

  to(address: string): ParsedMail[] {
    return this.accepted.filter((m) => m.to && JSON.stringify(m.to).includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

type SmsAnswer = { status: number; body: object };

/**
 * A text provider: by default it answers 500 to a number's first attempt and 201 after;
 * `answers` sets what a number gets instead. `delivered` lists what it answered 201 to.
 */
export class TestSmsProvider {
  readonly delivered: { to: string; body: string; auth: string | undefined }[] = [];
  readonly attempts = new Map<string, number>();
  readonly answers = new Map<string, SmsAnswer>();
  private readonly server = createServer((req, res) => this.answer(req, res));

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(number: string) {
    return this.delivered.filter((d) => d.to === number);
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const attempt = (this.attempts.get(to) ?? 0) + 1;
      this.attempts.set(to, attempt);
      const set = this.answers.get(to);
      const { status, body } = set ??
        (attempt === 1 ? { status: 500, body: { message: 'Internal error' } } : null) ?? {
          status: 201,
          body: { sid: `SM${randomBytes(8).toString('hex')}` },
        };
      if (status === 201)
        this.delivered.push({ to, body: form.get('Body') ?? '', auth: req.headers.authorization });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  }

  stop(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

const packet = JSONCodec<{ id: string; data: unknown }>();
const reply = JSONCodec();

/** Answers an RPC subject on the test's stack as the service that owns it would. */
export function serveRpc<S extends RpcSubject>(
  connection: NatsConnection,
  prefix: string,
  subject: S,
  handle: (request: RpcRequest<S>) => RpcAnswer<S>,
): void {
  connection.subscribe(natsNames(prefix).rpc(subject), {
    callback: (error, msg) => {
      if (error) return;
      const { id, data } = packet.decode(msg.data);
      msg.respond(reply.encode({ id, response: handle(data as RpcRequest<S>), isDisposed: true }));
    },
  });
}

/** A private link's token, in the shape booking issues (34 base64url characters). */
export const newToken = () => randomBytes(25).toString('base64url').slice(0, 34);

/**
 * Booking's private links, each a new token, with the visit's reference from `references`;
 * answers the list the tokens are pushed to.
 */
export function serveLinks(
  connection: NatsConnection,
  prefix: string,
  references: ReadonlyMap<number, string>,
): string[] {
  const issued: string[] = [];
  serveRpc(connection, prefix, 'booking.links.issue', ({ appointmentId }) => {
    const token = newToken();
    issued.push(token);
    return { token, reference: references.get(Number(appointmentId)) ?? 'CB-22222' };
  });
  return issued;
}

/** Dispatch's tracking view: Tess on the way, 17 minutes out. */
export function serveTrackingView(connection: NatsConnection, prefix: string): void {
  serveRpc(connection, prefix, 'dispatch.tracking.view', () => ({
    state: {
      status: 'en_route',
      timeline: [],
      technician: { firstName: 'Tess' },
      position: null,
      etaMinutes: 17,
      queuePosition: null,
      scheduledDate: null,
      scheduledTime: null,
      canCancel: false,
      canReschedule: false,
      batteryTest: null,
      photos: [],
      arrivalCode: null,
      payment: null,
    },
    technicianId: TEST_ACTORS.tech.id,
    destination: null,
  }));
}

/** A booking's (or a move's) hour: the day and the hour, as booking announces them. */
export const slotFields = (date: string, hour: number) => ({
  preferredTime: date,
  scheduledDate: date,
  scheduledTime: `${hour}:00`,
  scheduledStartTime: businessInstant(date, hour).toISOString(),
});

/** Booking moved visit `appointmentId` to `hour` on `date`. */
export const rescheduled = (
  appointmentId: number,
  date: string,
  hour: number,
): EventPayload<'booking.appointment.rescheduled'> => ({
  appointmentId,
  ...slotFields(date, hour),
});

/** Tess's service record of a battery installed on visit `appointmentId` (its customer's id too). */
export const serviceRecordFor = (
  appointmentId: number,
  overrides: Partial<ServiceRecord> = {},
): ServiceRecord => ({
  id: 9,
  appointmentId,
  customerId: appointmentId,
  serviceCode: 'battery_installed',
  completionNotes: null,
  technicianId: TEST_ACTORS.tech.id,
  technicianName: TEST_ACTORS.tech.name,
  batterySerialNumber: 'SN-NEW-42',
  previousBatterySerialNumber: null,
  vehicleYear: '2019',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleColor: 'Blue',
  vehicleMileage: '84000',
  inventoryItemId: 3,
  completedAt: new Date().toISOString(),
  price: 165,
  batteryTests: [],
  oldBatteryKept: false,
  warrantyEndsOn: null,
  ...overrides,
});
