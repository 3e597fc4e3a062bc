import type { ReadonlySignal } from "@preact/signals-core";
import { useSyncExternalStore } from "react";
import { serverValueOf, sharedSignal } from "../../client/shared-signal";

/** Shared state read in components (React); the signals themselves need no React: client/shared-signal.ts. */

/** Which header panel is open; opening one closes the others, wherever the trigger is. */
export type HeaderPanel = "institute" | "search";
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
    () => serverValueOf(source),
  );
}
