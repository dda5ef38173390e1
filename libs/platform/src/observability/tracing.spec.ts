import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { buildEvent } from '../messaging/outbox';
import { currentTraceParent, inSpan, startTracing, stopTracing, traceContextOf } from './tracing';

describe('tracing', () => {
  afterEach(() => stopTracing());

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: no-op spans, and events carry no trace', async () => {
    await startTracing('booking', { env: {} });
    await inSpan('booking.appointments.create', SpanKind.SERVER, {}, async () => {
      expect(trace.getActiveSpan()?.isRecording() ?? false).toBe(false);
      expect(currentTraceParent()).toBeUndefined();
      expect(buildEvent('booking.customer.deleted', { customerId: 1 })).not.toHaveProperty(
        'traceParent',
      );
    });
  });

  it('puts the current trace on an emitted event, and a consumer span continues it', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing('booking', { exporter });
    const event = await inSpan('booking.appointments.create', SpanKind.SERVER, {}, async () =>
      buildEvent('booking.customer.deleted', { customerId: 1 }),
    );
    expect(event.traceParent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await inSpan(
      'booking.customer.deleted process',
      SpanKind.CONSUMER,
      {},
      () => Promise.resolve(),
      traceContextOf(event.traceParent),
    );
    const [server, consumer] = exporter.getFinishedSpans();
    expect(consumer.spanContext().traceId).toBe(server.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
  });

  it('marks a span whose work failed', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing('booking', { exporter });
    await expect(
      inSpan('x', SpanKind.INTERNAL, {}, () => Promise.reject(new Error('database went away'))),
    ).rejects.toThrow('database went away');
    expect(exporter.getFinishedSpans()[0].status).toMatchObject({
      code: 2,
      message: 'Error: database went away',
    });
  });
});
