import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from './test-app.ts';
import { type FuzzRoute, recordRoutes } from './fuzz/routes.ts';

/** One line of the server log (pino JSON), as parsed. */
export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface LoggedTestApp extends TestApp {
  /** Every route the app registered (method and path), from its onRoute hook. */
  routes: FuzzRoute[];
  /** Every line the app logged at warn (40) or above. */
  logs: LogLine[];
  /** The "unhandled error" lines: a request that failed on our side (plugins/errors.ts). */
  unhandled(): LogLine[];
}

export interface LoggedTestAppOptions {
  /** Give the app a minimal built SPA (index.html), so pages outside /api answer as in production. */
  webDist?: boolean;
}

/**
 * createTestApp with the server log captured instead of dropped, for the tests that
 * assert nothing was logged as an unhandled error (the fuzz suite, a socket that closes
 * mid-request), and with the routes it registered.
 */
export async function createLoggedTestApp(
  envOverrides: Record<string, string> = {},
  options: LoggedTestAppOptions = {},
): Promise<LoggedTestApp> {
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const recorder = recordRoutes();
  let t: TestApp;
  try {
    t = await createTestApp(envOverrides, {
      logger: { level: 'warn', stream },
      webDist: options.webDist,
    });
  } finally {
    recorder.stop();
  }
  return {
    ...t,
    routes: recorder.routes,
    logs,
    unhandled: () => logs.filter((l) => l.msg === 'unhandled error'),
  };
}
