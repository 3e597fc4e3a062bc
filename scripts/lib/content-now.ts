/**
 * The instant the default content's dates are read from (a seminar "in 10 days at 19:00 Moscow"):
 * `CONTENT_NOW` when a test run pinned it (vitest.config.ts), else now. A run that crosses midnight
 * in Moscow pushes its content before and reads the same catalogue in its tests after: with the
 * instant pinned, both see the same dates.
 */
export function contentNow(): Date {
  const pinned = typeof process === "undefined" ? undefined : process.env?.CONTENT_NOW;
  const date = pinned ? new Date(pinned) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
