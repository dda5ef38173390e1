import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@cincy/contracts';
import {
  CORRELATION_HEADER,
  EnvModule,
  AppLogger,
  PLATFORM_ENV,
  correlationIdFrom,
  loadEnv,
  runWithContext,
} from '@cincy/platform';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { StaffPush } from './push/staff-push';
import { RATE_LIMIT_ENV } from './booking/rate-limit.config';
import { GATEWAY_ENV } from './config';
import { apiDocsRouter } from './openapi/api-docs';

/** Bodies are small forms; anything bigger is refused before it is read. */
const BODY_LIMIT = '32kb';

const jsonParser = express.json({ limit: BODY_LIMIT });

/** Body parser failures answer in the API's error shape instead of express's HTML page. */
function parseJson(req: Request, res: Response, next: NextFunction) {
  jsonParser(req, res, (error?: { type?: string }) => {
    if (!error) return next();
    const tooLarge = error.type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      code: tooLarge ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation,
      message: tooLarge ? 'The request is too large.' : 'The request body is not valid JSON.',
    });
  });
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}

/** Each request gets a correlation id (or keeps the caller's) that follows it through NATS. */
function correlate(req: Request, res: Response, next: NextFunction) {
  const correlationId = correlationIdFrom(req.headers[CORRELATION_HEADER]);
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithContext({ correlationId }, next);
}

/** The built web app, with index.html for every client-side route outside /api. */
function serveWebApp(app: NestExpressApplication, dir: string) {
  const index = join(dir, 'index.html');
  app.use(
    '/assets',
    express.static(join(dir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  const files = express.static(dir, { index: false, maxAge: '1h' });
  const isApi = (req: Request) =>
    req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/socket.io');
  // API calls skip the file lookup (a stat per request, on the booking path).
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApi(req) ? next() : files(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApi(req)) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web app is not built yet. Run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

export async function createGatewayApp(): Promise<NestExpressApplication> {
  const values = loadEnv([PLATFORM_ENV, GATEWAY_ENV, RATE_LIMIT_ENV]);
  const env = values.get(GATEWAY_ENV);
  const logger = new AppLogger('gateway', values.get(PLATFORM_ENV).LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(
    { module: class GatewayRoot {}, imports: [EnvModule.forRoot(values), AppModule] },
    { bodyParser: false, logger },
  );
  if (env.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(securityHeaders, correlate, cookieParser(), parseJson);
  app.use(apiDocsRouter());
  serveWebApp(app, env.WEB_DIST_DIR);
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  await app.init();
  await app.get(StaffPush).attach(app.getHttpServer());
  return app;
}
