import critical from "../../build/critical.json";
import { isolateSlot } from "../services/isolate";
import { log } from "../services/log";
import { readStaticFile } from "./static-files";
import type { Template } from "../services/templates";

/**
 * What scripts/critical-css.ts writes: where each template's CSS is among the static files, and its
 * hash for the CSP. The CSS itself (about 100 KB for the six) is not in the Worker's bundle, which a
 * fresh isolate downloads and parses whole (decision 095).
 */
export interface CriticalCss {
  /** a digest of what the CSS was computed from: the same inputs are not computed again */
  digest: string;
  templates: Partial<Record<Template, { file: string; sha256: string }>>;
}

const built: CriticalCss = critical;

/**
 * Each template's CSS as this isolate read it. Only the text is kept, never a read under way: a
 * promise settled by another request's I/O is one the Workers runtime does not let this request
 * wait for (it cancels it as hung), so renders that start together each read the file once.
 */
const read = isolateSlot("critical-css", () => new Map<Template, string>());

/**
 * The CSS a template's pages inline in their head (decision 041), read from the static files and kept
 * once read. Undefined when the build has none for it, or when the file cannot be read or is not the
 * CSS its hash names (the CSP would refuse it): the page then links the whole stylesheet, and the
 * next render reads again.
 */
export async function criticalCss(assets: Fetcher, template: Template): Promise<string | undefined> {
  const entry = built.templates[template];
  if (!entry) return undefined;
  const kept = read().get(template);
  if (kept !== undefined) return kept;
  try {
    const css = await readCss(assets, entry.file, entry.sha256);
    read().set(template, css);
    return css;
  } catch (error) {
    log.error("page-style.unread", { template, file: entry.file, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

async function readCss(assets: Fetcher, file: string, sha256: string): Promise<string> {
  const css = await (await readStaticFile(assets, file)).text();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css)));
  if (btoa(String.fromCharCode(...digest)) !== sha256) throw new Error("not the CSS its hash names");
  return css;
}

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
