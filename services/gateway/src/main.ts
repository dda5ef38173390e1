import 'reflect-metadata';
import { AppLogger } from '@cincy/platform';
import { GATEWAY_ENV, GatewayEnv } from './config';
import { createGatewayApp } from './http-app';

async function main() {
  const logger = new AppLogger('gateway');
  try {
    const app = await createGatewayApp();
    const { PORT } = app.get<GatewayEnv>(GATEWAY_ENV.token);
    await app.listen(PORT);
    logger.log({ msg: `gateway listening on http://localhost:${PORT}` });
  } catch (error) {
    logger.error({ msg: 'gateway failed to start', error: String(error) });
    process.exit(1);
  }
}

void main();
