import { z } from 'zod';
import { INFRA_DEFAULTS, type ServiceName } from '@cincy/contracts';

const platformEnvSchema = z.object({
  DATABASE_URL: z.url().default(INFRA_DEFAULTS.databaseUrl),
  NATS_URL: z.string().min(1).default(INFRA_DEFAULTS.natsUrl),
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'only letters, digits, "_" and "-"')
    .default(''),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** How long the gateway waits for a service's answer before it answers 503. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});
export type PlatformEnv = z.infer<typeof platformEnvSchema>;

/**
 * Parses env with a schema, failing once at boot with every bad key listed. Values are read
 * from `process.env` when first asked for and then kept, so a process has one configuration.
 */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

let cached: PlatformEnv | undefined;
export function platformEnv(): PlatformEnv {
  return (cached ??= parseEnv(platformEnvSchema));
}

/** A service may live on its own database server: `<SERVICE>_DATABASE_URL` wins over `DATABASE_URL`. */
export function databaseUrlFor(service: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const own = env[`${service.toUpperCase()}_DATABASE_URL`];
  return own ? z.url().parse(own) : platformEnv().DATABASE_URL;
}
