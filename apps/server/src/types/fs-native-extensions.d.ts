// The parts of fs-native-extensions (which ships no types) that db/data-dir-lock.ts uses.
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or shared) lock on the whole file without waiting; false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  /** Gives up a lock taken on `fd`. */
  export function unlock(fd: number): void;
  const fsx: { tryLock: typeof tryLock; unlock: typeof unlock };
  export default fsx;
}
