/**
 * What every page does once its first screen has painted, none of which a first tap waits for
 * (issue 41, point 2): the route's progress bar, the lists' swap in place and the links' prefetch.
 * They come in a chunk of their own, asked for after the first paint (entry.ts), so the entry a
 * first tap waits for is smaller, and each runs as a task of its own: a tap meanwhile is answered
 * between two, and the main thread is never held by all of them at once. A click on a link before
 * they run does what a link does: the page goes, without the bar or the swap. Once all have run,
 * `<html>` says so (`data-after-paint`), for the browser tests that click what they handle.
 */
import { installPrefetch } from "./prefetch";
import { installProgressBar } from "./progress";
import { installSwap } from "./swap";

/** In the order a visitor needs them: a click's first, what a later look uses last. */
const STEPS = [installProgressBar, installSwap, installPrefetch];

/** The next task: the browser's scheduler where it has one (it keeps this work ahead of other scripts' timers), a timer elsewhere. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

export async function runAfterPaint(): Promise<void> {
  for (const step of STEPS) {
    try {
      step();
    } catch (error) {
      // one helper's failure leaves the others to run
      console.error("after paint:", error);
    }
    await nextTask();
  }
  document.documentElement.dataset.afterPaint = "";
}
