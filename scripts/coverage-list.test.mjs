import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareCoverage, readCoverage } from './coverage-list.mjs';

describe('the coverage list', () => {
  it("reads the routes and screens of every worker's and test's file, once each, sorted", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-coverage-'));
    const routesDir = join(dir, 'routes');
    const screensDir = join(dir, 'screens');
    mkdirSync(routesDir);
    mkdirSync(screensDir);
    writeFileSync(join(routesDir, '11.txt'), 'POST /api/auth/signup\nGET /api/plan\n');
    writeFileSync(join(routesDir, '12.txt'), 'GET /api/plan\n');
    writeFileSync(join(screensDir, 'a-0.txt'), '/generator\n/generator/:id');
    writeFileSync(join(screensDir, 'b-0.txt'), '/\n/generator');
    expect(readCoverage({ routesDir, screensDir })).toEqual({
      apiRoutes: ['GET /api/plan', 'POST /api/auth/signup'],
      screens: ['/', '/generator', '/generator/:id'],
    });
    expect(readCoverage({ routesDir: join(dir, 'none'), screensDir })).toMatchObject({
      apiRoutes: [],
    });
  });

  it('names what a run no longer reaches, and what it reaches anew', () => {
    const committed = { apiRoutes: ['GET /a', 'GET /b'], screens: ['/', '/pricing'] };
    const current = { apiRoutes: ['GET /b', 'GET /c'], screens: ['/', '/pricing'] };
    expect(compareCoverage(committed, current)).toEqual({
      dropped: { apiRoutes: ['GET /a'], screens: [] },
      added: { apiRoutes: ['GET /c'], screens: [] },
    });
  });
});
