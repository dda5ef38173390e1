import {
  Context,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  TextMapGetter,
  TextMapSetter,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { MsgHdrs } from 'nats';

export { SpanKind } from '@opentelemetry/api';

/** The correlation id (also on every log line) on each span, so a trace and its logs meet. */
export const CORRELATION_ATTRIBUTE = 'cincy.correlation_id';

let provider: NodeTracerProvider | undefined;

/**
 * Traces go out by OTLP/HTTP only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (the exporter reads
 * it and the other standard OTEL_* variables itself). Otherwise no provider is registered and
 * every span below is the API's no-op, and the SDK is not even loaded (about 10 MB of memory per
 * process, the bench's idle RSS showed). A test passes its own exporter. Once per process: the
 * first caller names the service.
 */
export async function startTracing(
  service: string,
  options: { env?: NodeJS.ProcessEnv; exporter?: SpanExporter } = {},
): Promise<void> {
  const env = options.env ?? process.env;
  if (provider || (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT)) return;
  const [sdk, base, otlp, resources, conventions] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  if (provider) return; // another caller in this process finished first
  provider = new sdk.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [conventions.ATTR_SERVICE_NAME]: service }),
    spanProcessors: [
      options.exporter
        ? new base.SimpleSpanProcessor(options.exporter)
        : new base.BatchSpanProcessor(new otlp.OTLPTraceExporter()),
    ],
  });
  // The W3C trace context propagator and an AsyncLocalStorage context manager.
  provider.register();
}

/** Sends what is buffered and unregisters (a stopping process, a test's end). */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  if (!stopping) return;
  await stopping.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}

const tracer = () => trace.getTracer('cincy-battery');

const natsSetter: TextMapSetter<MsgHdrs> = {
  set: (headers, key, value) => headers.set(key, value),
};
const natsGetter: TextMapGetter<MsgHdrs | undefined> = {
  get: (headers, key) => headers?.get(key) || undefined,
  keys: (headers) => headers?.keys() ?? [],
};

/** Puts the current trace context (`traceparent`) into a NATS request's headers. */
export function injectTraceHeaders(headers: MsgHdrs): void {
  propagation.inject(context.active(), headers, natsSetter);
}

/** The caller's trace context from a NATS message's headers (none: a new trace). */
export function traceContextFromHeaders(headers: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, natsGetter);
}

/** The current trace context as one `traceparent` value, for an event that outlives the request. */
export function currentTraceParent(): string | undefined {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The trace context an event was emitted in. */
export function traceContextOf(traceParent: string | undefined): Context {
  return traceParent
    ? propagation.extract(ROOT_CONTEXT, { traceparent: traceParent })
    : ROOT_CONTEXT;
}

/** Starts a span under `parent` (default: the current context); the caller ends it. */
export function startSpan(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number | undefined>,
  parent: Context = context.active(),
): { span: Span; context: Context } {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` with `active` as the current trace context (a span started by startSpan). */
export function withTraceContext<T>(active: Context, work: () => T): T {
  return context.with(active, work);
}

/** Ends a span, marked as failed when an error ended the work. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
  }
  span.end();
}

/** Runs `work` in a span of its own, ended when the work settles. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number | undefined>,
  work: () => Promise<T>,
  parent?: Context,
): Promise<T> {
  const { span, context: active } = startSpan(name, kind, attributes, parent);
  try {
    const result = await context.with(active, work);
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}
