import { startEmbeddedDatabase } from './embedded/embedded-database';
import { startMailDev } from './embedded/maildev';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

/** Set once SIGTERM or SIGINT asked the process to stop, during start-up or after. */
let stopping = false;

/** Process start: config, the embedded database and mail catcher when none is configured, then the server. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const log = (line: string) => logger.info(line);
  /** What has started, stopped in this order: the server first, then what it uses. */
  const stops: Array<() => Promise<void>> = [];

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // process.exit also ends the embedded database: its launcher signals it from an exit hook.
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    for (const stop of [...stops]) await stop().catch((err) => logger.error({ err }, 'shutdown step failed'));
    process.exit(0);
  };
  // Before anything starts: a signal that came while the server was still starting (its port already
  // open, say) would otherwise end the process at once, skipping the stops below.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let mongoUri = config.MONGODB_URI;
  if (!mongoUri) {
    const db = await startEmbeddedDatabase({ dataDir: config.DATA_DIR, port: config.DB_PORT, log });
    stops.push(db.stop);
    mongoUri = db.uri;
    logger.info({ uri: db.uri, dataDir: config.DATA_DIR }, 'embedded database started');
  }
  let smtpUrl = config.SMTP_URL;
  if (!smtpUrl) {
    const mail = await startMailDev({ webPort: config.MAILDEV_PORT, smtpPort: config.MAILDEV_SMTP_PORT });
    stops.push(mail.stop);
    smtpUrl = mail.smtpUrl;
    logger.info({ inbox: mail.webUrl }, `mail catcher inbox at ${mail.webUrl}`);
  }

  const server = await startServer({ ...config, MONGODB_URI: mongoUri, SMTP_URL: smtpUrl }, logger);
  // Stopping already: the shutdown under way ends the process, this server with it.
  if (stopping) return;
  stops.unshift(server.close);
  logger.info(`marketplace listening on ${config.PUBLIC_URL}/alllistings`);
}

main().catch((err) => {
  // A stop asked for during start-up ends what the start-up was waiting on; the shutdown exits.
  if (stopping) return;
  console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
