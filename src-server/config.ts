import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
/** An outbound link's address: empty (the default unless one is given) hides the link. */
const linkUrl = (fallback = '') => z.string().url().or(z.literal('')).default(fallback);

/** Every environment variable the server reads; the README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  MONGODB_URI: optionalUrl,
  DB_NAME: z
    .string()
    .regex(/^[\w-]+$/)
    .default('market'),
  DB_PORT: port.default(27018),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 30m')
    .default('7d'),
  /**
   * How long a process trusts what it knows of an account's session generation before reading it again
   * (services/accounts/session-generations.ts). Sessions ended through the app end at once whatever
   * this is; it bounds only what changes behind the app's back, such as an account deleted in the
   * database. 0 reads the database on every authenticated request.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How long a server process counts as alive after its last presence heartbeat (services/presence). */
  PRESENCE_TTL_SECONDS: z.coerce.number().min(0.3).max(40).default(30),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Brighter Shores Market <no-reply@market.local>'),
  MAILDEV_PORT: port.default(1080),
  MAILDEV_SMTP_PORT: port.default(1025),
  /**
   * At most one email digest per user per this many seconds (services/notifications/digests.ts); tests
   * shorten it.
   */
  DIGEST_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  DISCORD_CLIENT_ID: z.string().default(''),
  DISCORD_CLIENT_SECRET: z.string().default(''),
  DISCORD_REDIRECT_URI: optionalUrl,
  DISCORD_API_BASE: z.string().url().default('https://discord.com/api'),
  /**
   * The hosts a saved search's Discord webhook URL may name (`host` or `host:port`, comma separated);
   * nothing else is ever fetched. Only https, except that with NODE_ENV=test plain http is accepted for
   * loopback hosts, so tests can post to a local stand-in for Discord.
   */
  DISCORD_WEBHOOK_HOSTS: z
    .string()
    .default('discord.com,discordapp.com')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Test only: the window of the per-webhook post limit (30 posts) in seconds instead of a minute, so a
   * test sees the overflow summed up without waiting a minute.
   */
  TEST_WEBHOOK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(60).optional(),
  ADMIN_DISCORD_IDS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  REDIS_URL: optionalUrl,
  ANALYTICS_URL: optionalUrl,
  /**
   * Where the site's outbound links go (GET /api/client-config). A link whose address is empty is not
   * shown, so no visitor follows a placeholder; the two public game sites default to their real addresses.
   */
  PARTNER_SITE_URL: linkUrl(),
  OFFICIAL_SITE_URL: linkUrl('https://www.brightershores.com'),
  SYNC_BOT_INVITE_URL: linkUrl(),
  COMMUNITY_DISCORD_URL: linkUrl(),
  FEEDBACK_DISCORD_URL: linkUrl(),
  WIKI_URL: linkUrl('https://brightershoreswiki.org'),
  /**
   * How many proxies in front of the server append to X-Forwarded-For: the client address (rate limits,
   * logs) is read that many entries from the right, so whatever a client writes into the header itself is
   * ignored. 0 trusts no header.
   */
  TRUST_PROXY: z.coerce
    .number({ message: 'must be the number of trusted proxy hops (0, 1, 2 ...)' })
    .int('must be the number of trusted proxy hops (0, 1, 2 ...)')
    .min(0)
    .default(0),
  RATE_LIMIT_DISABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Test only: lets this process use an embedded database another process already writes to, for the
   * tests of several processes. Writes of the two are not serialised against each other.
   */
  TEST_SHARE_EMBEDDED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Database commands that take at least this long are logged as warnings (0: none are). */
  DB_SLOW_MS: z.coerce.number().int().min(0).default(500),
  /** How long a graceful stop may drain requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Env {
  PUBLIC_URL: string;
  JWT_SECRET: string;
  DATA_DIR: string;
}

export class ConfigError extends Error {}

/** Parses the environment once; the first problem becomes one line that names the variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} (${issue.message})`,
    );
  }
  if (result.data.TEST_SHARE_EMBEDDED && result.data.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration: TEST_SHARE_EMBEDDED=${JSON.stringify(env.TEST_SHARE_EMBEDDED)} (only with NODE_ENV=test)`,
    );
  }
  if (result.data.TEST_WEBHOOK_WINDOW_SECONDS !== undefined && result.data.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration: TEST_WEBHOOK_WINDOW_SECONDS=${JSON.stringify(env.TEST_WEBHOOK_WINDOW_SECONDS)} (only with NODE_ENV=test)`,
    );
  }
  return result.data;
}

/** A secret kept under DATA_DIR so tokens survive restarts without a constant in the code. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What production must be given: without them the server would quietly start the embedded database,
 * the mail catcher and a secret generated into DATA_DIR, none of which a deployment wants.
 */
const PRODUCTION_REQUIRED = ['MONGODB_URI', 'SMTP_URL', 'JWT_SECRET'] as const;

/** NODE_ENV=production refuses to start without them, naming every one missing in one line. */
export function checkProductionEnv(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = PRODUCTION_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: NODE_ENV=production requires ${missing.join(', ')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  checkProductionEnv(parsed);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: parsed.JWT_SECRET ?? persistentSecret(dataDir),
  };
}
