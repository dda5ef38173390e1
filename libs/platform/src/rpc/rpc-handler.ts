import {
  ERROR_CODES,
  RPC,
  RpcSubject,
  apiErrorSchema,
  natsNames,
  refusalsOf,
  toValidationError,
} from '@cincy/contracts';
import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PipeTransform,
} from '@nestjs/common';
import {
  MessageHandler,
  MessagePattern,
  NatsContext,
  NatsOptions,
  Payload,
  RpcException,
  ServerNats,
} from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { Observable, catchError, tap, throwError } from 'rxjs';
import type { AppLogger } from '../logging/app-logger';
import {
  ACTOR_HEADER,
  CORRELATION_HEADER,
  actorIdFrom,
  correlationIdFrom,
  runWithContext,
} from '../logging/request-context';
import { RpcOutcome, rpcServerDuration } from '../observability/metrics';
import {
  CORRELATION_ATTRIBUTE,
  SpanKind,
  endSpan,
  startSpan,
  traceContextFromHeaders,
  withTraceContext,
} from '../observability/tracing';

/** Answers an RPC subject of the contract (the server adds this stack's NATS prefix). */
export function RpcHandler(subject: RpcSubject): MethodDecorator {
  return MessagePattern(subject);
}

/** How long a stopping service keeps answering the requests it already took. */
const DRAIN_MS = 8_000;

/**
 * Nest's NATS server, subscribing each handler under the stack's NATS_PREFIX. The prefix is known
 * only once the env is loaded at start, after the decorators ran, so it is applied here.
 */
export class PrefixedNatsServer extends ServerNats {
  private inFlight = 0;
  private onIdle?: () => void;

  constructor(
    options: Required<NatsOptions>['options'],
    private readonly prefix: string,
  ) {
    super(options);
  }

  /**
   * Counts the requests taken and not yet answered. Nest publishes an answer's last packet with
   * `isDisposed` (or one error packet when no handler matches), so that is when one is done.
   */
  override getPublisher(
    natsMsg: Parameters<ServerNats['getPublisher']>[0],
    id: string,
    ctx: NatsContext,
  ) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    this.inFlight += 1;
    return (packet: { isDisposed?: boolean; status?: string }) => {
      const sent = publish(packet);
      if (packet.isDisposed || packet.status === 'error') {
        this.inFlight -= 1;
        if (this.inFlight === 0) this.onIdle?.();
      }
      return sent;
    };
  }

  /**
   * Subscribes every handler, then answers "listening" only once NATS has them: Nest calls back
   * right after sending the subscriptions, and a request sent in that gap (a caller, a test, a
   * restarted replica's first client) found no responders and was answered 503.
   */
  override start(callback: (error?: unknown) => void): void {
    // Nest keeps the connection private, as it does the subscriptions (see `close`).
    const client = (this as unknown as { natsClient: Parameters<ServerNats['bindEvents']>[0] })
      .natsClient;
    this.bindEvents(client);
    client.flush().then(() => callback(), callback);
  }

  /**
   * SIGTERM: stop taking requests (the queue group sends new ones to a sibling, or the caller
   * gets "no responders" at once), answer the ones already taken (up to DRAIN_MS), then close.
   * Each subscription is drained, not just unsubscribed: a request NATS sent before it had the
   * unsubscribe would arrive after it and be dropped, and its caller answered 503 once it timed
   * out (seen once in the rolling-restart drill).
   */
  override async close(): Promise<void> {
    // Nest keeps the subscriptions private; ending them is what its own graceful mode does.
    const own = this as unknown as { subscriptions?: { drain(): Promise<void> }[] };
    await Promise.all(
      (own.subscriptions ?? []).map((subscription) => subscription.drain().catch(() => undefined)),
    );
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, DRAIN_MS);
        this.onIdle = () => (clearTimeout(timer), resolve());
      });
    }
    await super.close();
  }

  /**
   * Our patterns are plain subjects; Nest first tries each as JSON, and the SyntaxError it throws
   * and catches for every request cost 1-2 % of a service's CPU in the bench profile.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{')
      ? super.getRouteFromPattern(pattern)
      : this.normalizePattern(pattern);
  }

  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler?: boolean,
    extras?: Record<string, unknown>,
  ): void {
    const subject = natsNames(this.prefix).rpc(pattern as RpcSubject);
    super.addHandler(subject, callback, isEventHandler, extras);
  }
}

class ContractPipe implements PipeTransform {
  constructor(private readonly subject: RpcSubject) {}

  transform(value: unknown) {
    const result = RPC[this.subject].request.safeParse(value ?? {});
    if (!result.success) throw new RpcException(toValidationError(result.error));
    return result.data;
  }
}

/** The request, parsed with the subject's contract schema (the gateway parsed it too: defence in depth). */
export function RpcPayload(subject: RpcSubject): ParameterDecorator {
  return Payload(new ContractPipe(subject));
}

/** An interceptor that answers at once (each of ours does). */
type SyncInterceptor = {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
};

/**
 * Runs interceptors in order as ONE Nest interceptor, the first outermost. Nest wraps each global
 * interceptor of its own in rxjs `defer` and `AsyncResource.bind` (which builds two `deprecate`
 * wrappers per call): with four, that was 3-4 % of a service's CPU per request in the bench
 * profile. An inner one is still entered inside the outer one's context.
 */
export class InterceptorChain implements NestInterceptor {
  constructor(private readonly chain: readonly SyncInterceptor[]) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const from = (i: number): Observable<unknown> =>
      i === this.chain.length
        ? next.handle()
        : this.chain[i].intercept(context, { handle: () => from(i + 1) });
    return from(0);
  }
}

/** Runs each RPC handler inside the caller's correlation id and actor, so logs and events carry them. */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const headers = rpc.getHeaders?.();
    const correlationId = correlationIdFrom(headers?.get(CORRELATION_HEADER));
    const actorId = actorIdFrom(headers?.get(ACTOR_HEADER));
    return new Observable((subscriber) =>
      runWithContext({ correlationId, actorId }, () => next.handle().subscribe(subscriber)),
    );
  }
}

/** The contract subject a handler answers (its pattern before the NATS prefix). */
function subjectOf(context: ExecutionContext): string | undefined {
  const subject = (Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) as unknown[])?.[0];
  return typeof subject === 'string' ? subject : undefined;
}

/**
 * A domain refusal (the contract's error shape with a code other than INTERNAL) is an answer the
 * caller expected; anything else thrown is an error.
 */
function outcomeOf(error: unknown): RpcOutcome {
  if (!(error instanceof RpcException)) return 'error';
  const body = apiErrorSchema.safeParse(error.getError());
  return body.success && body.data.code !== ERROR_CODES.internal ? 'refused' : 'error';
}

/** Times each RPC answer into `cincy_rpc_server_duration_seconds` by subject and outcome. */
export class RpcMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = subjectOf(context);
    if (!subject) return next.handle();
    const stop = rpcServerDuration.startTimer({ subject });
    return next.handle().pipe(
      tap({
        complete: () => stop({ outcome: 'ok' }),
        error: (error: unknown) => stop({ outcome: outcomeOf(error) }),
      }),
    );
  }
}

/**
 * Handles each RPC in a server span that continues the caller's trace (`traceparent` in the
 * NATS headers); without tracing configured, a no-op span.
 */
export class RpcTracingInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = subjectOf(context);
    if (!subject) return next.handle();
    const headers = context.switchToRpc().getContext<NatsContext>().getHeaders?.();
    const { span, context: active } = startSpan(
      subject,
      SpanKind.SERVER,
      {
        'rpc.system': 'nats',
        'rpc.method': subject,
        [CORRELATION_ATTRIBUTE]: headers?.get(CORRELATION_HEADER) || undefined,
      },
      traceContextFromHeaders(headers),
    );
    return new Observable((subscriber) =>
      withTraceContext(active, () =>
        next
          .handle()
          .pipe(
            tap({
              complete: () => endSpan(span),
              error: (error: unknown) => endSpan(span, error),
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}

/**
 * Holds each handler to its subject's declared refusals (`refuses` in the contracts): a domain
 * refusal the contract does not list is a contract break, answered as an internal error and
 * logged, so the API document built from those lists never promises less than is answered.
 */
export class RefusalContractInterceptor implements NestInterceptor {
  constructor(private readonly logger: Pick<AppLogger, 'error'>) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = subjectOf(context);
    if (!subject || !(subject in RPC)) return next.handle();
    const declared = refusalsOf(subject as RpcSubject);
    return next.handle().pipe(
      catchError((error: unknown) => {
        const body =
          error instanceof RpcException ? apiErrorSchema.safeParse(error.getError()) : null;
        const code = body?.success ? body.data.code : undefined;
        if (code && code !== ERROR_CODES.validation && !declared.includes(code as never)) {
          this.logger.error({ msg: 'refusal not in the contract', subject, code });
          return throwError(
            () =>
              new RpcException({
                code: ERROR_CODES.internal,
                message: 'Something went wrong on our side. Please try again.',
              }),
          );
        }
        return throwError(() => error);
      }),
    );
  }
}
