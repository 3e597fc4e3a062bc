/**
 * The order of the browser test files: the longest first, so that lanes (decision 030) end
 * together rather than one idling while the other runs a long file it started last. With today's
 * one lane it only fixes the order; it is kept for when the runtime holds two. On a fresh clone
 * Vitest has no durations of its own and would start the largest files first; these are the
 * seconds each file took alone on this machine (2026-11-23). A file not listed runs after these.
 */
import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SECONDS: Record<string, number> = {
  // every page at 1280 px since 2026-11-24: 123-129 s beside other sessions' tests, where the old file took 73-85 s
  "validators-axe.test.ts": 125,
  "promo-tickets.test.ts": 66,
  "typing-before-hydration.test.ts": 62,
  "layout.test.ts": 47,
  "low-vision-every-element.test.ts": 43,
  "forms.test.ts": 43,
  "promo-layers.test.ts": 42,
  "pictures.test.ts": 40,
  "catalogue.test.ts": 34,
  "search.test.ts": 31,
  "header.test.ts": 29,
  "analytics-consent.test.ts": 17,
  "accessibility.test.ts": 13,
  "turnstile.test.ts": 12,
  "mobile.test.ts": 12,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (!sorted.some((spec) => spec.project.name === "e2e")) return sorted;
    const e2e = sorted.filter((spec) => spec.project.name === "e2e");
    const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 0;
    const longestFirst = e2e.map((spec, index) => ({ spec, index })).sort((a, b) => seconds(b.spec) - seconds(a.spec) || a.index - b.index);
    // the e2e files keep their place among the projects' files, in this order
    const queue = longestFirst.map(({ spec }) => spec);
    return sorted.map((spec) => (spec.project.name === "e2e" ? (queue.shift() as TestSpecification) : spec));
  }
}
