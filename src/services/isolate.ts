/**
 * What a Worker isolate keeps between requests, in one named place. Each module that keeps
 * something declares a slot here, with its name and how a fresh isolate starts it; nothing else
 * lives at module scope between requests. `freshIsolate()` starts every slot again: tests and
 * drills use it to be a new isolate, without a reset function per module.
 */
interface Slot {
  init: () => unknown;
  value: unknown;
}

const slots = new Map<string, Slot>();

/** Declares a slot (once per module); the getter returns its current value. */
export function isolateSlot<T>(name: string, init: () => T): () => T {
  const slot: Slot = { init, value: init() };
  slots.set(name, slot);
  return () => slot.value as T;
}

/** Every slot back to how a fresh isolate starts it. */
export function freshIsolate(): void {
  for (const slot of slots.values()) slot.value = slot.init();
}
