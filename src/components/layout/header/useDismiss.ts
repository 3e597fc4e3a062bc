import { type RefObject, useEffect } from "react";

/**
 * Calls `onDismiss` when the pointer is pressed outside every element of `inside`, or on Escape,
 * while `active`. The header's institute popup, account panel and search close this way (spec 4);
 * the program menu is a popover the browser closes (decision 097).
 */
export function useDismiss(active: boolean, inside: RefObject<HTMLElement | null>[], onDismiss: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: Event) => {
      const target = event.target as Node;
      if (inside.some((ref) => ref.current?.contains(target))) return;
      onDismiss();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer, { passive: true });
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [active, inside, onDismiss]);
}
