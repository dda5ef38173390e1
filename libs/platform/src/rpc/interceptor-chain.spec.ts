import { CallHandler, ExecutionContext } from '@nestjs/common';
import { Observable, defer, lastValueFrom, of, tap } from 'rxjs';
import { currentCorrelationId, runWithContext } from '../logging/request-context';
import { InterceptorChain } from './rpc-handler';

const context = {} as ExecutionContext;

/** An interceptor that notes when it is entered and when the answer passes it on the way out. */
const noting = (name: string, log: string[]) => ({
  intercept: (_: ExecutionContext, next: CallHandler) => {
    log.push(`in ${name}`);
    return next.handle().pipe(tap(() => log.push(`out ${name}`)));
  },
});

describe('InterceptorChain', () => {
  it('runs the interceptors first outermost around the handler, and passes the answer out', async () => {
    const log: string[] = [];
    const chain = new InterceptorChain([noting('metrics', log), noting('refusals', log)]);
    const handler: CallHandler = { handle: () => defer(() => (log.push('handler'), of(42))) };
    expect(await lastValueFrom(chain.intercept(context, handler))).toBe(42);
    expect(log).toEqual(['in metrics', 'in refusals', 'handler', 'out refusals', 'out metrics']);
  });

  it("enters an inner interceptor and the handler inside an outer one's context", async () => {
    const correlating = {
      intercept: (_: ExecutionContext, next: CallHandler) =>
        new Observable<unknown>((subscriber) =>
          runWithContext({ correlationId: 'corr-7', actorId: null }, () =>
            next.handle().subscribe(subscriber),
          ),
        ),
    };
    const seen: (string | undefined)[] = [];
    const inner = {
      intercept: (_: ExecutionContext, next: CallHandler) => {
        seen.push(currentCorrelationId());
        return next.handle();
      },
    };
    const handler: CallHandler = {
      handle: () => defer(async () => (seen.push(currentCorrelationId()), 'done')),
    };
    const chain = new InterceptorChain([correlating, inner]);
    expect(await lastValueFrom(chain.intercept(context, handler))).toBe('done');
    expect(seen).toEqual(['corr-7', 'corr-7']);
  });
});
