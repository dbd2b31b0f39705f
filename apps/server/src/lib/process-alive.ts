/** Whether a process runs (the embedded database's leftovers, backup views of a dead process). */
import { readFileSync } from 'node:fs';

/**
 * True while `pid` runs. A zombie (exited, not yet reaped by its parent) has stopped:
 * kill(pid, 0) still succeeds on it, so on Linux its state in /proc/<pid>/stat decides.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc (macOS): kill(pid, 0) is all there is. On Linux, gone since.
    return process.platform !== 'linux';
  }
  // "pid (comm) S ...": the command may hold spaces and parentheses, the state follows the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}
