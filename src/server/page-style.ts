import critical from "../../build/critical.json";
import type { Template } from "../services/templates";

/** What scripts/critical-css.ts writes: each template's CSS and its hash for the CSP. */
export interface CriticalCss {
  /** a digest of what the CSS was computed from: the same inputs are not computed again */
  digest: string;
  templates: Partial<Record<Template, { css: string; sha256: string }>>;
}

const built: CriticalCss = critical;

/** The CSS a template's pages use, inlined in their head (decision 041); undefined when the build has none for it. */
export const criticalCss = (template: Template): string | undefined => built.templates[template]?.css;

/** The CSP sources that allow the inlined CSS of every template: one policy for every page, cached or not. */
export const criticalStyleSources: string[] = Object.values(built.templates).map((entry) => `'sha256-${entry.sha256}'`);
