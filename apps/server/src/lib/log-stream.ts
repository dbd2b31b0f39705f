/**
 * A pino destination that batches log lines written in the same event-loop
 * turn into one stdout write. One write (a syscall) per line was the largest
 * cost of a busy server; batching keeps order and loses nothing on a normal
 * exit (flushed on 'exit' and by `flush()` at shutdown).
 */
export function createBatchedStdout() {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const data = pending.join('');
    pending = [];
    process.stdout.write(data);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
