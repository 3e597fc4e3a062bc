import { type ReadonlySignal, type Signal, signal } from "@preact/signals-core";
import { useSyncExternalStore } from "react";

/**
 * State shared between islands. Islands hydrate as separate React roots, so anything two of them
 * must agree on lives in a signal of this module (one copy per page: the client bundle shares it).
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

/** Which header panel is open; opening one closes the others, wherever the trigger is. */
export type HeaderPanel = "programs" | "institute" | "account" | "search" | "mobile";
export const openHeaderPanel = sharedSignal<HeaderPanel | null>(null);

/**
 * Reads a signal in a component and re-renders when it changes. Hydration reads what the server
 * rendered (a shared signal's first value), whatever the signal holds by then, so the markup
 * matches; React renders the signal's value right after.
 */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => source.subscribe(onChange),
    () => source.value,
    () => (serverValues.has(source) ? (serverValues.get(source) as T) : source.value),
  );
}
