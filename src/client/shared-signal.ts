import { type ReadonlySignal, type Signal, signal } from "@preact/signals-core";

/**
 * State shared between islands, without React: the loader's own code (the live seat count:
 * client/tickets-live.ts) writes it before any island wakes. Islands hydrate as separate React
 * roots, so anything two of them must agree on lives in a signal (one copy per page: the client
 * bundle shares it); `useSignalValue` (signals.ts) reads one in a component.
 */

/** Each shared signal's first value: what the server rendered every island with. */
const serverValues = new WeakMap<ReadonlySignal<unknown>, unknown>();

/**
 * A signal that islands share, created with the value the server renders: an island hydrating
 * after another changed it (a CTA's held click replayed before the popup's island woke: React
 * error #418, issue 42) hydrates with the server's value and re-renders with the new one at once.
 */
export function sharedSignal<T>(value: T): Signal<T> {
  const created = signal(value);
  serverValues.set(created, value);
  return created;
}

/** The value the server rendered a shared signal with; a signal not shared has none, and its own value stands. */
export function serverValueOf<T>(source: ReadonlySignal<T>): T {
  return serverValues.has(source) ? (serverValues.get(source) as T) : source.value;
}
