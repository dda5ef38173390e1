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
import {
  ClientProxy,
  ClientProxyFactory,
  NatsRecordBuilder,
  Transport,
} from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { headers } from 'nats';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/request-context';

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
}

/** Request/reply to the services over NATS, typed and checked by the contract of each subject. */
export class RpcClient {
  private readonly client: ClientProxy;
  private readonly names;

  constructor(private readonly options: RpcClientOptions) {
    this.client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: { servers: options.url.split(','), maxReconnectAttempts: -1 },
    });
    this.names = natsNames(options.prefix);
  }

  connect(): Promise<unknown> {
    return this.client.connect();
  }

  close(): Promise<unknown> {
    return this.client.close();
  }

  async call<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<RpcAnswer<S>> {
    const h = headers();
    const correlationId = currentCorrelationId();
    if (correlationId) h.set(CORRELATION_HEADER, correlationId);
    const record = new NatsRecordBuilder(request).setHeaders(h).build();
    let answer: unknown;
    try {
      answer = await firstValueFrom(
        this.client.send(this.names.rpc(subject), record).pipe(timeout(this.options.timeoutMs)),
      );
    } catch (error) {
      throw this.toCallError(subject, error);
    }
    const parsed = RPC[subject].answer.safeParse(answer);
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
    // No responder (the service is down) comes back at once as an empty reply; a hung one times out.
    const unavailable = error instanceof TimeoutError || error instanceof EmptyResponseException;
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
