/**
 * The order of the files that share the two browser lanes (the `e2e` and `http` projects, decision
 * 030): the longest first, so that the lanes end together rather than one idling while the other
 * runs a long file it started last. On a fresh clone Vitest has no durations of its own and would
 * start the largest files first; these are the seconds each file took in a fresh clone's run in
 * the two lanes on this machine (2026-11-27, 9 min 24 s), by folder and name. A file not listed runs after these.
 */
import { basename, dirname } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SECONDS: Record<string, number> = {
  "e2e/validators-axe.test.ts": 76,
  "e2e/promo-tickets.test.ts": 62,
  "e2e/low-vision-every-element.test.ts": 40,
  "http/validators.test.ts": 33,
  "e2e/layout.test.ts": 30,
  "e2e/forms.test.ts": 27,
  "e2e/promo-layers.test.ts": 26,
  "e2e/search.test.ts": 26,
  "e2e/pictures.test.ts": 25,
  "e2e/decision.test.ts": 21,
  "e2e/catalogue.test.ts": 18,
  "e2e/typing-before-hydration.test.ts": 18,
  "e2e/wall.test.ts": 17,
  "e2e/header.test.ts": 16,
  "e2e/first-screen.test.ts": 13,
  "e2e/accessibility.test.ts": 8,
  "e2e/analytics-consent.test.ts": 8,
  "e2e/mobile.test.ts": 7,
  "e2e/mirror.test.ts": 6,
  "e2e/lead-retry.test.ts": 5,
  "e2e/low-vision.test.ts": 5,
  "e2e/navigation.test.ts": 5,
  "e2e/phone-search.test.ts": 5,
  "e2e/turnstile.test.ts": 5,
  "e2e/visitor-area.test.ts": 5,
  "e2e/smartcaptcha.test.ts": 4,
  "e2e/flaky-network.test.ts": 3,
  "e2e/footer.test.ts": 3,
  "http/body-limit.test.ts": 1,
  "http/first-bytes.test.ts": 1,
  "e2e/one-fact.test.ts": 1,
};

/** The projects whose files share the browser lanes (one `sequence.groupOrder`). */
const LANES = ["e2e", "http"];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const inLanes = (spec: TestSpecification) => LANES.includes(spec.project.name);
    if (!sorted.some(inLanes)) return sorted;
    const lanes = sorted.filter(inLanes);
    const seconds = (spec: TestSpecification) => SECONDS[`${basename(dirname(spec.moduleId))}/${basename(spec.moduleId)}`] ?? 0;
    const longestFirst = lanes.map((spec, index) => ({ spec, index })).sort((a, b) => seconds(b.spec) - seconds(a.spec) || a.index - b.index);
    // the lanes' files keep their places among the projects' files, in this order
    const queue = longestFirst.map(({ spec }) => spec);
    return sorted.map((spec) => (inLanes(spec) ? (queue.shift() as TestSpecification) : spec));
  }
}
