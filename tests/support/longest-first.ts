/**
 * The order of the browser test files: the longest first, so that the two lanes (decision 030)
 * end together rather than one idling while the other runs a long file it started last. On a
 * fresh clone Vitest has no durations of its own and would start the largest files first; these
 * are the seconds each file took in a fresh clone's run with one lane on this machine
 * (2026-11-27). A file not listed runs after these.
 */
import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SECONDS: Record<string, number> = {
  "validators-axe.test.ts": 71,
  "promo-tickets.test.ts": 37,
  "low-vision-every-element.test.ts": 30,
  "layout.test.ts": 30,
  "promo-layers.test.ts": 21,
  "decision.test.ts": 21,
  "forms.test.ts": 20,
  "pictures.test.ts": 19,
  "search.test.ts": 17,
  "typing-before-hydration.test.ts": 16,
  "header.test.ts": 15,
  "wall.test.ts": 14,
  "catalogue.test.ts": 13,
  "analytics-consent.test.ts": 12,
  "turnstile.test.ts": 11,
  "one-fact.test.ts": 11,
  "mirror.test.ts": 10,
  "first-screen.test.ts": 10,
  "smartcaptcha.test.ts": 9,
  "accessibility.test.ts": 7,
  "mobile.test.ts": 5,
  "visitor-area.test.ts": 4,
  "low-vision.test.ts": 4,
  "phone-search.test.ts": 3,
  "navigation.test.ts": 3,
  "lead-retry.test.ts": 3,
  "footer.test.ts": 3,
  "flaky-network.test.ts": 3,
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
