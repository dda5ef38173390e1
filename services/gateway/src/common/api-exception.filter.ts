import { ApiError, ERROR_CODES } from '@cincy/contracts';
import { AppLogger, RpcCallError } from '@cincy/platform';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.serviceUnavailable,
};

/** Maps any error to a status and the API's error body. Unknown errors never show their stack. */
export function toErrorResponse(
  error: unknown,
  logger: AppLogger,
): { status: number; body: ApiError } {
  if (error instanceof RpcCallError) return { status: error.status, body: error.body };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const answer = error.getResponse();
    if (typeof answer === 'object' && answer && 'code' in answer && 'message' in answer) {
      return { status, body: answer as ApiError };
    }
    const code =
      CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.validation);
    const message = status === 404 ? 'Not found' : error.message;
    return { status, body: { code, message } };
  }
  logger.error({ msg: 'unhandled error', error: String(error), stack: (error as Error)?.stack });
  return {
    status: 500,
    body: {
      code: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
    },
  };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: AppLogger) {}

  catch(error: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorResponse(error, this.logger);
    if (!response.headersSent) response.status(status).json(body);
  }
}
