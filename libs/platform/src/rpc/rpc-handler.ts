import { RPC, RpcSubject, natsNames, toValidationError } from '@cincy/contracts';
import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PipeTransform,
} from '@nestjs/common';
import { MessagePattern, NatsContext, Payload, RpcException } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { platformEnv } from '../config/config';
import { CORRELATION_HEADER, correlationIdFrom, runWithContext } from '../logging/request-context';

/** Subscribes the method to an RPC subject of the contract, under this stack's NATS prefix. */
export function RpcHandler(subject: RpcSubject): MethodDecorator {
  return MessagePattern(natsNames(platformEnv().NATS_PREFIX).rpc(subject));
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

/** Runs each RPC handler inside the caller's correlation id, so logs and events carry it. */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const correlationId = correlationIdFrom(rpc.getHeaders?.()?.get(CORRELATION_HEADER));
    return new Observable((subscriber) =>
      runWithContext({ correlationId }, () => next.handle().subscribe(subscriber)),
    );
  }
}
