import { randomBytes } from 'node:crypto';
import { INFRA_DEFAULTS } from '@cincy/contracts';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, JSONCodec, NatsConnection } from 'nats';
import { PrefixedNatsServer, RpcHandler } from '../src/rpc/rpc-handler';

// A stopping service answers the requests it already took, and takes no new ones.
const prefix = `drain${randomBytes(4).toString('hex')}`;
const natsUrl = process.env.NATS_URL || INFRA_DEFAULTS.natsUrl;
const codec = JSONCodec();

@Controller()
class SlowHealth {
  @RpcHandler('identity.health')
  async health() {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { service: 'identity', status: 'ok' };
  }
}

@Module({ controllers: [SlowHealth] })
class SlowModule {}

let nc: NatsConnection;

beforeAll(async () => {
  nc = await connect({ servers: natsUrl });
});
afterAll(() => nc?.close());

it('answers a request taken before SIGTERM, and leaves new ones to a sibling (no responders here)', async () => {
  const app = await NestFactory.createMicroservice(
    { module: SlowModule },
    {
      strategy: new PrefixedNatsServer({ servers: natsUrl, queue: 'identity' }, prefix),
      logger: false,
    },
  );
  await app.listen();
  const subject = `${prefix}.identity.health`;
  const taken = nc.request(
    subject,
    codec.encode({ data: {}, id: '1', pattern: 'identity.health' }),
    { timeout: 5_000 },
  );
  await new Promise((resolve) => setTimeout(resolve, 100)); // the handler is at work
  const closing = app.close();
  const answer = codec.decode((await taken).data) as { response?: unknown };
  expect(answer.response).toEqual({ service: 'identity', status: 'ok' });
  await closing;
  await expect(
    nc.request(subject, codec.encode({ data: {}, id: '2', pattern: 'identity.health' }), {
      timeout: 1_000,
    }),
  ).rejects.toThrow(/503|no responders/i);
});
