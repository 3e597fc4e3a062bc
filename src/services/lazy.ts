/**
 * A value made on first use. For module-level objects that cost something to build (an
 * `Intl` formatter takes milliseconds): a fresh isolate evaluates every module before its first
 * request, and should spend that time only on what the request needs.
 */
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
