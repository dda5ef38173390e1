import 'reflect-metadata';
import { JsonLogger } from '@cincy/platform';
import { gatewayEnv } from './config';
import { createGatewayApp } from './http-app';

async function main() {
  const logger = new JsonLogger('gateway');
  try {
    const app = await createGatewayApp();
    await app.listen(gatewayEnv().PORT);
    logger.log({ msg: `gateway listening on http://localhost:${gatewayEnv().PORT}` });
  } catch (error) {
    logger.error({ msg: 'gateway failed to start', error: String(error) });
    process.exit(1);
  }
}

void main();
