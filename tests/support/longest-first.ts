/**
 * The order of the files that share a pool: the longest first, so that the pool's slots end
 * together rather than one running a long file it started last while the others idle. Two pools
 * are ordered: the browser lanes (the `e2e` and `http` projects, which share two lanes: decision
 * 030) and the `worker` project's three slots. On a fresh clone Vitest has no durations of its own
 * and starts the largest files first (by bytes), which put the Worker tests' big catalogue last
 * and left one core idle for 15-25 s before the browser lanes could start; these are the seconds
 * each file took in fresh clones' runs on this machine (the mean of runs AN to AP, 2026-11-27
 * and 28), by folder and name. A file not listed runs after these.
 */
import { basename, dirname } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SECONDS: Record<string, number> = {
  "e2e/validators-axe.test.ts": 93,
  "e2e/promo-tickets.test.ts": 71,
  "e2e/low-vision-every-element.test.ts": 48,
  "e2e/layout.test.ts": 37,
  "e2e/search.test.ts": 34,
  "http/validators.test.ts": 33,
  "e2e/promo-layers.test.ts": 33,
  "e2e/forms.test.ts": 33,
  "e2e/pictures.test.ts": 30,
  "e2e/header.test.ts": 27,
  "e2e/wall.test.ts": 26,
  "e2e/decision.test.ts": 23,
  "e2e/catalogue.test.ts": 22,
  "e2e/typing-before-hydration.test.ts": 21,
  "e2e/first-screen.test.ts": 16,
  "e2e/flaky-network.test.ts": 13,
  "e2e/low-vision.test.ts": 9,
  "e2e/accessibility.test.ts": 8,
  "e2e/analytics-consent.test.ts": 8,
  "e2e/mobile.test.ts": 8,
  "e2e/mirror.test.ts": 7,
  "e2e/phone-search.test.ts": 6,
  "e2e/turnstile.test.ts": 6,
  "e2e/visitor-area.test.ts": 6,
  "e2e/navigation.test.ts": 6,
  "e2e/lead-retry.test.ts": 5,
  "e2e/footer.test.ts": 3,
  "e2e/smartcaptcha.test.ts": 2,
  "e2e/one-fact.test.ts": 2,
  "http/body-limit.test.ts": 1,
  "http/first-bytes.test.ts": 1,
  "worker/hostile-input.test.ts": 42,
  "worker/crawl.test.ts": 34,
  "worker/big-catalogue.test.ts": 23,
  "worker/page-tier.test.ts": 16,
  "worker/holds.test.ts": 16,
  "worker/tickets.test.ts": 15,
  "worker/outbox-outage.test.ts": 12,
  "worker/outbox.test.ts": 10,
  "worker/leads-api.test.ts": 10,
  "worker/addresses.test.ts": 8,
  "worker/content-outage.test.ts": 6,
  "worker/catalogue-repository.test.ts": 5,
  "worker/wheel.test.ts": 5,
  "worker/catalogue-pages.test.ts": 5,
  "worker/structured-data.test.ts": 4,
  "worker/edge-cache.test.ts": 3,
};

/** The pools whose files are ordered, each by the projects whose files share its slots. */
const POOLS = [["e2e", "http"], ["worker"]];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let sorted = await super.sort(files);
    const seconds = (spec: TestSpecification) => SECONDS[`${basename(dirname(spec.moduleId))}/${basename(spec.moduleId)}`] ?? 0;
    for (const projects of POOLS) {
      const inPool = (spec: TestSpecification) => projects.includes(spec.project.name);
      const longestFirst = sorted
        .filter(inPool)
        .map((spec, index) => ({ spec, index }))
        .sort((a, b) => seconds(b.spec) - seconds(a.spec) || a.index - b.index);
      // the pool's files keep their places among the other projects' files, in this order
      const queue = longestFirst.map(({ spec }) => spec);
      sorted = sorted.map((spec) => (inPool(spec) ? (queue.shift() as TestSpecification) : spec));
    }
    return sorted;
  }
}
