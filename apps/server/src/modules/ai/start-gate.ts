/**
 * Paces the start of generations under a burst (docs/decisions/009-streaming-under-load.md).
 *
 * Starting a generation (the quota reservation, the provider request, its connection and stream
 * machinery) costs far more CPU than passing on one chunk of an answer. When hundreds of
 * requests arrive at once, starting them all in the same turn of the event loop makes that
 * turn long, and every answer already streaming stalls meanwhile (gaps of a second were
 * measured). The gate lets at most `perTurn` generations start per turn of the event loop; the
 * others wait, in order of arrival, for the next turns. A lone request never waits, and a turn
 * of an idle loop lasts a fraction of a millisecond, so the gate only bites when the loop is busy.
 * The service enters it after the charge, right before the model call: reservations granted
 * together by one statement would otherwise all call the model in one turn (docs/decisions/041).
 */
export interface StartGate {
  /** Undefined when the caller may start at once; else a promise that resolves at its turn. */
  enter(): Promise<void> | undefined;
  /** Callers waiting for a later turn. */
  readonly waiting: number;
}

export function createStartGate(perTurn: number): StartGate {
  let startedThisTurn = 0;
  let scheduled = false;
  const queue: (() => void)[] = [];

  const nextTurn = () => {
    scheduled = false;
    startedThisTurn = 0;
    const admitted = queue.splice(0, perTurn);
    startedThisTurn = admitted.length;
    for (const go of admitted) go();
    // Keep counting turns while generations are starting or waiting.
    if (startedThisTurn > 0 || queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };

  return {
    enter() {
      schedule();
      if (queue.length === 0 && startedThisTurn < perTurn) {
        startedThisTurn++;
        return undefined;
      }
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    get waiting() {
      return queue.length;
    },
  };
}
