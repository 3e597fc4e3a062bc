import { type ReadonlySignal, signal } from "@preact/signals-core";
import { useSyncExternalStore } from "react";

/**
 * State shared between islands. Islands hydrate as separate React roots, so anything two of them
 * must agree on lives in a signal of this module (one copy per page: the client bundle shares it).
 */

/** Which header panel is open; opening one closes the others, wherever the trigger is. */
export type HeaderPanel = "programs" | "institute" | "account" | "search" | "mobile";
export const openHeaderPanel = signal<HeaderPanel | null>(null);

/** Reads a signal in a component and re-renders when it changes. */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => source.subscribe(onChange),
    () => source.value,
    () => source.value,
  );
}
