import { HEALTH_SUBJECTS, SERVICES } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Res } from '@nestjs/common';
import { z } from 'zod';
import { Doc } from '../routes/route-doc.decorator';
import type { Response } from 'express';
import { Public } from '../access/access.decorators';

const serviceState = z.enum(['ok', 'unavailable']);
const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.object(Object.fromEntries(SERVICES.map((service) => [service, serviceState]))),
});

@Controller('health')
export class HealthController {
  constructor(private readonly rpc: RpcClient) {}

  /** 200 only when every service answers; otherwise 503 naming the ones that did not. */
  @Public()
  @Doc(
    '200 when every service answers, else 503 naming the ones that did not',
    healthAnswerSchema,
    {
      answers: [
        {
          status: 503,
          description: 'A service did not answer: the body names which.',
          schema: healthAnswerSchema,
        },
      ],
    },
  )
  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    const answers = await Promise.allSettled(
      SERVICES.map((service) => this.rpc.call(HEALTH_SUBJECTS[service], {})),
    );
    const services = Object.fromEntries(
      SERVICES.map((service, i) => [
        service,
        answers[i].status === 'fulfilled' ? 'ok' : 'unavailable',
      ]),
    );
    const ok = answers.every((a) => a.status === 'fulfilled');
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', services };
  }
}
