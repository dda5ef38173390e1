import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CORRELATION_HEADER,
  EnvModule,
  AppLogger,
  MetricsModule,
  startTracing,
  PAYMENTS_ENV,
  PLATFORM_ENV,
  RpcClient,
  correlationIdFrom,
  devCheckout,
  stripeSettings,
  loadEnv,
  runWithContext,
} from '@cincy/platform';
import { localAppUrl } from '@cincy/contracts';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServeStaticOptions } from 'serve-static';
import { AppModule } from './app.module';
import { PushServer } from './push/push-server';
import { HttpDrain } from './common/http-drain';
import { RATE_LIMIT_ENV } from './booking/rate-limit.config';
import { GATEWAY_ENV } from './config';
import { payLinks } from './billing/pay-links';
import { apiDocsRouter } from './openapi/api-docs';
import { PAYMENT_WEBHOOK_PATH, parseJson } from './common/json-body';
import { timeHttpRequests } from './metrics/gateway-metrics';
import { traceHttpRequests } from './metrics/http-tracing';
import { refuseControlCharacters } from './security/control-characters';
import { sameOriginWrites } from './security/same-origin';
import { securityHeaders } from './security/security-headers';

/** Each request gets a correlation id (or keeps the caller's) that follows it through NATS. */
function correlate(req: Request, res: Response, next: NextFunction) {
  const correlationId = correlationIdFrom(req.headers[CORRELATION_HEADER]);
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithContext({ correlationId }, next);
}

/**
 * The API's answers carry personal data (names, phones, addresses): no browser or proxy keeps a
 * copy. So no ETag either (nothing would revalidate with it; express hashed every body for it).
 */
function noStore(req: Request, res: Response, next: NextFunction) {
  if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

const isApiPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');

/**
 * The built web app: hashed /assets cached for a year (immutable), everything else revalidated;
 * brotli or gzip files precompressed at build time when the browser takes them. A public page
 * gets its prerendered HTML (dist/pages/<name>.html), any other client-side route the shell.
 *
 * The technicians' app under /field (its own build, dist/field) likewise: its service worker,
 * workbox files and manifest revalidated (a new version is found on the next open), any other
 * path under /field its shell.
 */
function serveWebApp(app: NestExpressApplication, dir: string) {
  const precompressed = (root: string, cache: ServeStaticOptions) =>
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, ...cache },
    });
  const noCache: ServeStaticOptions = {
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  };
  const immutable: ServeStaticOptions = { immutable: true, maxAge: '1y' };
  // An asset of an older build is gone: a plain 404, never the shell (or a 500).
  const missingAsset = (_req: Request, res: Response) => {
    res.status(404).type('text').send('Not found');
  };
  app.use('/assets', precompressed(join(dir, 'assets'), immutable), missingAsset);
  const field = join(dir, 'field');
  app.use('/field/assets', precompressed(join(field, 'assets'), immutable), missingAsset);
  // /field itself answers the shell, rather than a redirect to /field/ as a folder would.
  const fieldFiles = precompressed(field, { ...noCache, redirect: false });
  app.use('/field', fieldFiles, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(join(field, 'index.html'))) {
      res.status(503).type('text').send('The field app is not built yet. Run `npm run build`.');
      return;
    }
    req.url = '/index.html';
    fieldFiles(req, res, next);
  });
  const files = precompressed(dir, noCache);
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? next() : files(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (!existsSync(join(dir, 'index.html'))) {
      res.status(503).type('text').send('The web app is not built yet. Run `npm run build`.');
      return;
    }
    const page = req.path === '/' ? 'index' : req.path.slice(1);
    const prerendered = /^[a-z-]+$/.test(page) && existsSync(join(dir, 'pages', `${page}.html`));
    req.url = prerendered ? `/pages/${page}.html` : '/index.html';
    files(req, res, next);
  });
}

export async function createGatewayApp(): Promise<NestExpressApplication> {
  const values = loadEnv([PLATFORM_ENV, GATEWAY_ENV, RATE_LIMIT_ENV, PAYMENTS_ENV]);
  const env = values.get(GATEWAY_ENV);
  const logger = new AppLogger('gateway', values.get(PLATFORM_ENV).LOG_LEVEL);
  await startTracing('gateway');
  const app = await NestFactory.create<NestExpressApplication>(
    {
      module: class GatewayRoot {},
      imports: [EnvModule.forRoot(values), MetricsModule.forProcess('gateway'), AppModule],
    },
    { bodyParser: false, logger },
  );
  if (env.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.disable('etag');
  const drain = app.get(HttpDrain);
  app.use(
    drain.middleware,
    timeHttpRequests,
    traceHttpRequests,
    securityHeaders({ mapTileUrl: env.MAP_TILE_URL, behindTls: env.TRUST_PROXY }),
    noStore,
    sameOriginWrites(env.TRUST_PROXY),
    correlate,
    cookieParser(),
    parseJson,
    refuseControlCharacters,
  );
  app.use(apiDocsRouter());
  const payments = stripeSettings(values.get(PAYMENTS_ENV));
  if (payments.development) {
    // No card provider configured: the development checkout answers the SDK and the customer.
    logger.warn({ msg: 'no STRIPE_SECRET_KEY: card payments go to the development checkout' });
    app.use(
      devCheckout({
        secretKey: payments.secretKey,
        webhookSecret: payments.webhookSecret,
        webhookUrl: `${localAppUrl(env.PORT)}${PAYMENT_WEBHOOK_PATH}`,
        publicUrl: payments.publicUrl,
      }),
    );
  }
  app.use(payLinks(app.get(RpcClient), logger));
  serveWebApp(app, env.WEB_DIST_DIR);
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  await app.init();
  drain.attach(app.getHttpServer());
  await app.get(PushServer).attach(app.getHttpServer());
  return app;
}
