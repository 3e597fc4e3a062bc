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

/** The CSP source that allows the CSS a template's pages inline; undefined when the build has none for it. */
export function criticalStyleSource(template: Template): string | undefined {
  const entry = built.templates[template];
  return entry ? `'sha256-${entry.sha256}'` : undefined;
}

/** The template a rendered page names on its <html> (Document.tsx), read from its first bytes: a kept page's style, for its policy. */
export function templateOfPage(body: ArrayBuffer): Template | undefined {
  const start = new TextDecoder().decode(new Uint8Array(body, 0, Math.min(body.byteLength, 512)));
  const template = /^<!DOCTYPE html><html [^>]*?data-template="([a-z]+)"/.exec(start)?.[1];
  return template !== undefined && template in built.templates ? (template as Template) : undefined;
}
