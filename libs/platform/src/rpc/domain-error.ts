import { ApiError, ErrorCode } from '@cincy/contracts';
import { RpcException } from '@nestjs/microservices';

/**
 * A rule of the domain said no. It travels back over NATS as `{ code, message, fieldErrors? }`
 * and the gateway answers it with the status that belongs to the code.
 */
export class DomainError extends RpcException {
  constructor(code: ErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super({ code, message, ...(fieldErrors ? { fieldErrors } : {}) } satisfies ApiError);
  }
}
