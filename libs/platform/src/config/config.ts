import { DynamicModule, Global, Inject, Module } from '@nestjs/common';
import { INFRA_DEFAULTS, SERVICES, SESSION, ServiceName } from '@cincy/contracts';
import { z } from 'zod';
import { LOG_LEVELS } from '../logging/app-logger';

/**
 * One group of environment variables: a zod schema and the token its parsed value is injected
 * under. Groups are parsed together once at start (`loadEnv`), never when a module is imported.
 */
export interface EnvDefinition<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly schema: S;
  readonly token: symbol;
}
export type EnvOf<D extends EnvDefinition> = z.infer<D['schema']>;

export function defineEnv<S extends z.ZodObject>(name: string, schema: S): EnvDefinition<S> {
  return { name, schema, token: Symbol(`env:${name}`) };
}

/** The parsed values of several groups, read by definition. */
export class EnvValues {
  constructor(private readonly values: ReadonlyMap<symbol, unknown>) {}

  get<D extends EnvDefinition>(definition: D): EnvOf<D> {
    if (!this.values.has(definition.token))
      throw new Error(`Env group "${definition.name}" was not loaded`);
    return this.values.get(definition.token) as EnvOf<D>;
  }

  entries(): [symbol, unknown][] {
    return [...this.values];
  }
}

/** Parses every group from one source; a failure lists every bad key of every group at once. */
export function loadEnv(
  definitions: readonly EnvDefinition[],
  source: NodeJS.ProcessEnv = process.env,
): EnvValues {
  const values = new Map<symbol, unknown>();
  const problems: string[] = [];
  for (const definition of definitions) {
    const result = definition.schema.safeParse(source);
    if (result.success) values.set(definition.token, result.data);
    else problems.push(...result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  if (problems.length) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return new EnvValues(values);
}

/** `@InjectEnv(BOOKING_ENV) env: BookingEnv` in a constructor. */
export const InjectEnv = (definition: EnvDefinition) => Inject(definition.token);

/** Provides every loaded group to the whole application. */
@Global()
@Module({})
export class EnvModule {
  static forRoot(values: EnvValues): DynamicModule {
    const providers = values
      .entries()
      .map(([token, value]) => ({ provide: token, useValue: value }));
    return { module: EnvModule, providers, exports: providers.map((p) => p.provide) };
  }
}

const serviceDatabaseUrls = Object.fromEntries(
  SERVICES.map((service) => [`${service.toUpperCase()}_DATABASE_URL`, z.url().optional()]),
) as Record<`${Uppercase<ServiceName>}_DATABASE_URL`, z.ZodOptional<z.ZodURL>>;

/** What every process of the stack reads. */
export const PLATFORM_ENV = defineEnv(
  'platform',
  z.object({
    DATABASE_URL: z.url().default(INFRA_DEFAULTS.databaseUrl),
    /** `<SERVICE>_DATABASE_URL` puts one service on its own database server. */
    ...serviceDatabaseUrls,
    NATS_URL: z.string().min(1).default(INFRA_DEFAULTS.natsUrl),
    NATS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]*$/, 'only letters, digits, "_" and "-"')
      .default(''),
    /**
     * How many NATS servers keep the event stream and each durable consumer: 1 on one server, 3 on
     * a cluster of three (survives losing one). A change applies to what exists at the next start.
     */
    NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** How long a caller (the gateway, dispatch asking inventory) waits for an answer: then 503. */
    RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** `GET /metrics` (Prometheus) on this port, apart from any public one. Unset: no listener. */
    METRICS_PORT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /**
     * A staff session unused this long ends: identity ends it, the gateway tells the browser
     * (its sign-in answer), which signs out by itself at the same limit.
     */
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(SESSION.idleMinutes),
  }),
);
export type PlatformEnv = EnvOf<typeof PLATFORM_ENV>;

/** A service may live on its own database server: `<SERVICE>_DATABASE_URL` wins over `DATABASE_URL`. */
export function databaseUrlFor(service: ServiceName, env: PlatformEnv): string {
  return env[`${service.toUpperCase() as Uppercase<ServiceName>}_DATABASE_URL`] ?? env.DATABASE_URL;
}
