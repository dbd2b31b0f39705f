#!/usr/bin/env node
// What the test suites need from the machine, checked before the first suite runs.
// Debian's Chromium for `e2e` and PostgreSQL's server binaries for `api-pg`: as root with
// apt-get they are installed (the way `playwright install --with-deps` installs system
// packages); elsewhere `npm test` stops with one line naming the command to run.
// Node built-ins only, like bootstrap.mjs.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findPgBinDir } from './pg-cluster.mjs';

export const CHROMIUM = '/usr/bin/chromium';
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

/** Each Debian package a suite needs, with what it is for. */
const NEEDS = [
  { pkg: 'chromium', suite: 'e2e', why: 'the e2e suite drives /usr/bin/chromium' },
  {
    pkg: 'postgresql',
    suite: 'api-pg',
    why: 'the api-pg suite starts a throwaway cluster with initdb and pg_ctl',
  },
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on `pathVar`, or undefined. */
export function onPath(name, pathVar = process.env.PATH ?? '') {
  for (const dir of pathVar.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Looks for each package's files: Chromium at `chromium`, PostgreSQL on `pathVar` or under `pgBase`. */
export function probeMachine({ chromium = CHROMIUM, pathVar, pgBase } = {}) {
  return {
    chromium: () => isExecutable(chromium),
    postgresql: () => findPgBinDir({ pathVar, base: pgBase }) !== undefined,
  };
}

const defaultProbe = probeMachine();

/** The packages the selected suites need and the machine lacks, as `{ pkg, suite, why }`. */
export function missingPackages(suites, probe = defaultProbe) {
  return NEEDS.filter((need) => suites.includes(need.suite) && !probe[need.pkg]());
}

/**
 * What to do about `missing`: nothing, install with apt-get, or stop with a command to run.
 * `isRoot` and `aptGet` (its path, or null) describe the machine.
 */
export function planPrereqs(missing, { isRoot, aptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const pkgs = missing.map((m) => m.pkg);
  const why = missing.map((m) => `${m.pkg}: ${m.why}`).join('; ');
  if (isRoot && aptGet) {
    return {
      action: 'install',
      pkgs,
      message: `Installing from Debian (first run only): ${pkgs.join(' ')} (${why})`,
    };
  }
  const command = aptGet
    ? `sudo apt-get install -y ${pkgs.join(' ')}`
    : `install ${pkgs.join(' and ')} with your system's package manager`;
  return {
    action: 'stop',
    pkgs,
    message: `Missing ${pkgs.join(', ')} (${why}): run \`${command}\`, then \`npm test\` again.`,
  };
}

/** apt-get install with policy-rc.d keeping the packaged PostgreSQL service from starting. */
function aptInstall(aptGet, pkgs) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const opts = { stdio: ['ignore', 'inherit', 'inherit'], env };
  // exit 101 = "action forbidden": the tests start their own cluster; an existing policy is left alone.
  const madePolicy = !existsSync(POLICY_RC_D);
  if (madePolicy) writeFileSync(POLICY_RC_D, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const update = spawnSync(aptGet, ['update', '-qq'], opts);
    if (update.status !== 0) return `apt-get update exited with ${update.status ?? update.signal}`;
    const install = spawnSync(aptGet, ['install', '-y', '-q', ...pkgs], opts);
    if (install.status !== 0) {
      return `apt-get install exited with ${install.status ?? install.signal}`;
    }
    return undefined;
  } finally {
    if (madePolicy) rmSync(POLICY_RC_D, { force: true });
  }
}

/**
 * Makes sure the machine has what `suites` need. Returns undefined when it does (after
 * installing, if it could), or one line saying what is missing and the command to run.
 */
export function ensurePrereqs(
  suites,
  {
    probe = defaultProbe,
    isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
    aptGet = onPath('apt-get'),
    install = aptInstall,
    log = console.log,
  } = {},
) {
  const plan = planPrereqs(missingPackages(suites, probe), { isRoot, aptGet });
  if (plan.action === 'none') return undefined;
  if (plan.action === 'stop') return plan.message;
  log(plan.message);
  const failed = install(aptGet, plan.pkgs);
  if (failed) {
    return `Could not install ${plan.pkgs.join(' ')} (${failed}): run \`apt-get install -y ${plan.pkgs.join(' ')}\` and retry.`;
  }
  const still = missingPackages(suites, probe);
  if (still.length > 0) {
    return `Installed ${plan.pkgs.join(' ')} but ${still.map((m) => m.pkg).join(', ')} is still not found.`;
  }
  return undefined;
}
