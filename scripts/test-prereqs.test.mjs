import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrereqs, onPath, probeMachine } from './test-prereqs.mjs';

const ALL = ['unit', 'api', 'api-pg', 'durability', 'e2e'];
let dirs = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** An empty folder to stand in for PATH, /usr/bin/chromium's folder or /usr/lib/postgresql. */
function emptyDir() {
  const dir = mkdtempSync(join(tmpdir(), 'prereqs-'));
  dirs.push(dir);
  return dir;
}

function fakeExecutable(dir, name) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

/** A machine with neither Chromium nor PostgreSQL: every path it looks at is an empty folder. */
function bareMachine() {
  const empty = emptyDir();
  return probeMachine({ chromium: join(empty, 'chromium'), pathVar: empty, pgBase: empty });
}

describe('test prerequisites', () => {
  it('not root: stops with one line naming both packages and the apt-get command', () => {
    const logs = [];
    const installs = [];
    const result = ensurePrereqs(ALL, {
      probe: bareMachine(),
      isRoot: false,
      aptGet: '/usr/bin/apt-get',
      install: (...args) => installs.push(args),
      log: (line) => logs.push(line),
    });
    expect(result).toMatch(/^Missing chromium, postgresql \(/);
    expect(result).toContain('`sudo apt-get install -y chromium postgresql`');
    expect(result).not.toContain('\n');
    expect(installs).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('no apt-get on PATH: stops and says to use the system package manager', () => {
    const path = emptyDir();
    const aptGet = onPath('apt-get', path);
    expect(aptGet).toBeNull();
    const result = ensurePrereqs(ALL, { probe: bareMachine(), isRoot: true, aptGet });
    expect(result).toContain("install chromium and postgresql with your system's package manager");
  });

  it('only asks for what the selected suites need', () => {
    const probe = bareMachine();
    expect(ensurePrereqs(['unit', 'api', 'durability'], { probe, isRoot: false })).toBeUndefined();
    const e2eOnly = ensurePrereqs(['e2e'], { probe, isRoot: false, aptGet: '/usr/bin/apt-get' });
    expect(e2eOnly).toContain('`sudo apt-get install -y chromium`');
    expect(e2eOnly).not.toContain('postgresql');
  });

  it('as root with apt-get: prints one line saying what and why, installs, then checks again', () => {
    const empty = emptyDir();
    const chromium = join(empty, 'bin', 'chromium');
    const pgBase = join(empty, 'postgresql');
    const probe = probeMachine({ chromium, pathVar: emptyDir(), pgBase });
    const logs = [];
    const installs = [];
    const result = ensurePrereqs(ALL, {
      probe,
      isRoot: true,
      aptGet: '/usr/bin/apt-get',
      log: (line) => logs.push(line),
      install: (aptGet, pkgs) => {
        installs.push([aptGet, pkgs]);
        // what the Debian packages put on disk
        fakeExecutable(join(empty, 'bin'), 'chromium');
        for (const tool of ['initdb', 'pg_ctl', 'postgres'])
          fakeExecutable(join(pgBase, '15', 'bin'), tool);
        return undefined;
      },
    });
    expect(result).toBeUndefined();
    expect(installs).toEqual([['/usr/bin/apt-get', ['chromium', 'postgresql']]]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^Installing from Debian \(first run only\): chromium postgresql \(/);
    expect(logs[0]).toContain('e2e suite drives /usr/bin/chromium');
  });

  it.each([
    {
      what: 'a failed install stops the run with the command to retry',
      suites: ['e2e'],
      install: () => 'apt-get update exited with 100',
      message:
        'Could not install chromium (apt-get update exited with 100): run `apt-get install -y chromium` and retry.',
    },
    {
      what: 'an install that leaves a package missing is reported, not skipped',
      suites: ['api-pg'],
      install: () => undefined,
      message: 'Installed postgresql but postgresql is still not found.',
    },
  ])('$what', ({ suites, install, message }) => {
    const result = ensurePrereqs(suites, {
      probe: bareMachine(),
      isRoot: true,
      aptGet: '/usr/bin/apt-get',
      log: () => {},
      install,
    });
    expect(result).toBe(message);
  });

  it('finds PostgreSQL on PATH or under the versioned folder', () => {
    const onPathDir = emptyDir();
    for (const tool of ['initdb', 'pg_ctl', 'postgres']) fakeExecutable(onPathDir, tool);
    const empty = emptyDir();
    expect(probeMachine({ pathVar: onPathDir, pgBase: empty }).postgresql()).toBe(true);
    const base = emptyDir();
    fakeExecutable(join(base, '16', 'bin'), 'initdb'); // pg_ctl and postgres missing
    expect(probeMachine({ pathVar: empty, pgBase: base }).postgresql()).toBe(false);
  });
});
