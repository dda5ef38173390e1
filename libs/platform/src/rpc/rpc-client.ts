import {
  ApiError,
  ERROR_CODES,
  ERROR_STATUS,
  RPC,
  RpcAnswer,
  RpcRequest,
  RpcSubject,
  apiErrorSchema,
  natsNames,
} from '@cincy/contracts';
import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorCode, JSONCodec, NatsConnection, NatsError, connect, headers } from 'nats';
import {
  ACTOR_HEADER,
  CORRELATION_HEADER,
  currentActorId,
  currentCorrelationId,
} from '../logging/request-context';
import { natsConnectOptions } from '../messaging/nats-connection';
import { rpcClientDuration } from '../observability/metrics';
import {
  CORRELATION_ATTRIBUTE,
  SpanKind,
  inSpan,
  injectTraceHeaders,
} from '../observability/tracing';

/** Nest's NATS packets: what its server expects, and what it answers (one message per call). */
interface RequestPacket {
  pattern: string;
  data: unknown;
  id: string;
}
interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}
const requestCodec = JSONCodec<RequestPacket>();
const replyCodec = JSONCodec<ReplyPacket>();

/** A failed call, already in the shape and status the gateway answers with. */
export class RpcCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

export interface RpcClientOptions {
  url: string;
  prefix: string;
  timeoutMs: number;
  logger: LoggerService;
  /** A connection the process already has (a service's own); otherwise connect() opens one. */
  connection?: NatsConnection;
}

/**
 * Request/reply to the services over NATS, typed and checked by the contract of each subject.
 * Plain nats.js requests on one shared reply subscription (the muxed inbox): Nest's ClientProxy
 * subscribed and unsubscribed an inbox per call and went through rxjs, which the bench's profile
 * showed on the booking path. The packets are the ones Nest's NATS server reads and writes.
 */
export class RpcClient {
  private connection?: NatsConnection;
  private readonly names;

  constructor(private readonly options: RpcClientOptions) {
    this.names = natsNames(options.prefix);
    this.connection = options.connection;
  }

  async connect(): Promise<void> {
    this.connection ??= await connect(natsConnectOptions(this.options.url, 'gateway-rpc'));
  }

  /** Closes the connection it opened; a borrowed one is its owner's to close. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection && connection !== this.options.connection && !connection.isClosed()) {
      await connection.drain();
    }
  }

  async call<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<RpcAnswer<S>> {
    const stop = rpcClientDuration.startTimer({ subject });
    try {
      const answer = await inSpan(
        subject,
        SpanKind.CLIENT,
        {
          'rpc.system': 'nats',
          'rpc.method': subject,
          [CORRELATION_ATTRIBUTE]: currentCorrelationId(),
        },
        () => this.ask(subject, request),
      );
      stop({ outcome: 'ok' });
      return answer;
    } catch (error) {
      // A refusal is an answer (4xx); unavailable, timed out or broken (5xx) is an error.
      const refused = error instanceof RpcCallError && error.status < 500;
      stop({ outcome: refused ? 'refused' : 'error' });
      throw error;
    }
  }

  private async ask<S extends RpcSubject>(
    subject: S,
    request: RpcRequest<S>,
  ): Promise<RpcAnswer<S>> {
    const h = headers();
    const correlationId = currentCorrelationId();
    if (correlationId) h.set(CORRELATION_HEADER, correlationId);
    const actorId = currentActorId();
    if (actorId !== null) h.set(ACTOR_HEADER, String(actorId));
    injectTraceHeaders(h);
    const pattern = this.names.rpc(subject);
    let reply: ReplyPacket;
    try {
      if (!this.connection) throw new Error('the RPC client is not connected');
      const message = await this.connection.request(
        pattern,
        requestCodec.encode({ pattern, data: request, id: randomUUID() }),
        { timeout: this.options.timeoutMs, headers: h },
      );
      reply = replyCodec.decode(message.data);
    } catch (error) {
      throw this.toCallError(subject, error);
    }
    if (reply.err !== undefined && reply.err !== null) throw this.toCallError(subject, reply.err);
    const parsed = RPC[subject].answer.safeParse(reply.response);
    if (!parsed.success) {
      this.options.logger.error({
        msg: 'answer broke its contract',
        subject,
        error: parsed.error.message,
      });
      throw internalError();
    }
    return parsed.data as RpcAnswer<S>;
  }

  private toCallError(subject: RpcSubject, error: unknown): RpcCallError {
    const domain = apiErrorSchema.safeParse(error);
    if (domain.success && domain.data.code in ERROR_STATUS) {
      return new RpcCallError(
        ERROR_STATUS[domain.data.code as keyof typeof ERROR_STATUS],
        domain.data,
      );
    }
    const service = subject.split('.')[0];
    // No responder (the service is down) comes back at once; a hung one times out.
    const unavailable =
      error instanceof NatsError &&
      (error.code === ErrorCode.NoResponders || error.code === ErrorCode.Timeout);
    if (unavailable) {
      this.options.logger.warn({ msg: 'service unavailable', subject, error: String(error) });
      return new RpcCallError(503, {
        code: ERROR_CODES.serviceUnavailable,
        message: `The ${service} service is temporarily unavailable. Please try again shortly.`,
      });
    }
    this.options.logger.error({
      msg: 'service call failed',
      subject,
      error: JSON.stringify(error),
    });
    return internalError();
  }
}

function internalError(): RpcCallError {
  return new RpcCallError(500, {
    code: ERROR_CODES.internal,
    message: 'Something went wrong on our side. Please try again.',
  });
}
