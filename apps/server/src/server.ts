import { DataDirInUseError, lockDataDir } from './db/data-dir-lock.ts';
import { ConfigError, loadEnv } from './env.ts';
import { installLastResort } from './lib/last-resort.ts';
import { createShutdown } from './lib/shutdown.ts';
import { storageStartRefusal } from './modules/storage/storage-start-rule.ts';

/** Starts Codewright: validate config, build the app, listen, and shut down cleanly on signals. */
async function main() {
  let config;
  try {
    config = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Several instances on one PostgreSQL must not each keep their own uploads: STORAGE is chosen,
  // not defaulted, with DATABASE_URL. Checked here, not in parseEnv: tests build the app on a
  // DATABASE_URL without saying where uploads go.
  const refusal = storageStartRefusal(config);
  if (refusal) {
    console.error(`Codewright failed to start: ${refusal}`);
    process.exit(1);
  }

  // One owner per data directory (DESIGN §3.18): a second server on this DATA_DIR refuses
  // here, before the app's modules load, and never touches the first one's database.
  // Held for the life of the process; the embedded database opens under it.
  if (!config.DATABASE_URL) {
    try {
      await lockDataDir(config.DATA_DIR, 'server');
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      console.error(`Codewright failed to start: ${err.message}`);
      process.exit(1);
    }
  }
  const { buildApp } = await import('./app.ts');

  // Start-up phases for LOG_LEVEL=debug: ms since the process started.
  const modulesLoadedMs = Math.round(performance.now());
  const app = await buildApp({ config });
  const appBuiltMs = Math.round(performance.now());
  // Drains for SHUTDOWN_DRAIN_SECONDS, then cuts what still runs (lib/shutdown.ts).
  const shutdown = createShutdown(app, {
    drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000,
    exit: (code) => process.exit(code),
  });
  installLastResort({ log: app.log, drainAndExit: () => void shutdown('uncaughtException', 1) });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.debug(
    { modulesLoadedMs, appBuiltMs, listeningMs: Math.round(performance.now()) },
    'start-up timings',
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(
    { url: `http://${shownHost}:${port}`, database: app.dbKind, dataDir: config.DATA_DIR },
    `Codewright listening on http://${shownHost}:${port} (database: ${app.dbKind})`,
  );
  // Under `npm start` (scripts/supervise.mjs): a server that exits after this point is restarted.
  if (process.send) {
    process.send({ codewright: 'listening' });
    process.channel?.unref();
  }
}

main().catch((err: unknown) => {
  console.error('Codewright failed to start:', err instanceof Error ? err.message : err);
  // Refusals that say what to do stay one line; anything unexpected gets its stack.
  const expected =
    err instanceof Error && ['DataDirInUseError', 'EmbeddedPostgresError'].includes(err.name);
  if (!expected && err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
