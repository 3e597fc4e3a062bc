import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's source, for a context that adds it to every page it opens (`addInitScript`, with `bypassCSP`). */
export const axeSource = readFileSync(axePath, "utf8");

/** WCAG 2.0 and 2.1 at levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

/**
 * axe-core's violations on the page as it is now, one line per rule with its first three elements;
 * `exclude` leaves out parts checked elsewhere (selectors), `skip` rules read elsewhere. axe is
 * added unless the page has it.
 */
export async function axeViolations(page: Page, tags: string[] = WCAG_TAGS, exclude: string[] = [], skip: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(
    async ([runTags, excluded, skipped]) => {
      const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }).axe;
      const context = excluded.length > 0 ? { exclude: excluded.map((selector) => [selector]) } : document;
      const rules = Object.fromEntries(skipped.map((rule) => [rule, { enabled: false }]));
      const result = await axe.run(context, { resultTypes: ["violations"], runOnly: { type: "tag", values: runTags }, rules });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
    },
    [tags, exclude, skip] as const,
  );
}
