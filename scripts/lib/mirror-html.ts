/**
 * How a page the Worker serves becomes a page of the mirror for Russian hosting (decision 042):
 * the same HTML, with the Worker's origin named on <html> for the client, the forms posting to the
 * Worker, the links with a query pointing at their static copies, the page's policy in a <meta>,
 * and an image that gets a visitor without JavaScript the visit's evidence.
 */
import { createHash } from "node:crypto";

/** Addresses the Worker answers that are not pages: never crawled, never rewritten as pages. */
const NOT_PAGES = /^\/(api|ops|graphql|assets|images|docs\/pdf|_next|_q|cdn-cgi)(\/|$)/;

/** A page's path: the site's own, not a file (its last segment has no dot). */
export function isPagePath(pathname: string): boolean {
  if (!pathname.startsWith("/") || pathname.startsWith("//") || NOT_PAGES.test(pathname)) return false;
  const last = pathname.split("/").pop() ?? "";
  return !last.includes(".");
}

/** An address of the site as a path and query (`&amp;` read as `&`), or null for another site's or a fragment alone. */
export function siteAddress(href: string): URL | null {
  const raw = href.replace(/&amp;/g, "&");
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  try {
    return new URL(raw, "http://site.invalid");
  } catch {
    return null;
  }
}

/** Where the mirror keeps the page of a path with a query (`/apply?cta=…`): `/_q/<16 hex of its SHA-256>`. */
export function queryPagePath(pathAndQuery: string): string {
  return `/_q/${createHash("sha256").update(pathAndQuery).digest("hex").slice(0, 16)}`;
}

/** The mirror's path of a page address: its own path, or the query page's. */
export function mirrorPathOf(url: URL): string {
  return url.search ? queryPagePath(url.pathname + url.search) : url.pathname;
}

/** The file a page of the mirror path is written to: `path/index.html`, so any static host serves it. */
export function fileOfPage(mirrorPath: string): string {
  return mirrorPath === "/" ? "index.html" : `${mirrorPath.slice(1)}/index.html`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The page's policy for the mirror, where no server sends headers: the Worker's own (its sources,
 * hashes and nonces are the page's), with the Worker's origin added where the page reaches it
 * (its API, its forms, the evidence's image), and without what a <meta> policy cannot carry
 * (frame-ancestors, report-uri, sandbox: the CDN's headers can).
 */
export function mirrorPolicy(policy: string, apiOrigin: string): string {
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .filter((part) => !/^(frame-ancestors|report-uri|report-to|sandbox)\b/.test(part));
  const add = (name: string) => {
    const index = directives.findIndex((part) => part.split(/\s+/)[0] === name);
    if (index === -1) directives.push(`${name} 'self' ${apiOrigin}`);
    else if (!directives[index]!.split(/\s+/).includes(apiOrigin)) directives[index] = `${directives[index]} ${apiOrigin}`;
  };
  for (const name of ["connect-src", "form-action", "img-src"]) add(name);
  return directives.join("; ");
}

/** The sources a directive of the policy allows (its default-src when it is not named). */
function sourcesOf(policy: string, directive: string): string[] {
  const directives = policy.split(";").map((part) => part.trim().split(/\s+/));
  return (directives.find(([name]) => name === directive) ?? directives.find(([name]) => name === "default-src") ?? []).slice(1);
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * What of the page a static copy under the page's policy would block: an executable inline script
 * or an inline style the policy allows by neither a nonce it names nor a hash (decisions 002 and 063: the
 * site has one, the client's loader, by its hash; a copy keeps the nonces of its one answer, so those still match), and `style`
 * attributes without 'unsafe-inline'.
 */
export function inlineProblems(html: string, policy: string): string[] {
  const problems: string[] = [];
  const allowed = (directive: string, attributes: string, body: string) => {
    const sources = sourcesOf(policy, directive);
    if (sources.includes("'unsafe-inline'") && !sources.some((source) => source.startsWith("'nonce-") || source.startsWith("'sha"))) return true;
    const nonce = /\snonce="([^"]*)"/.exec(attributes)?.[1];
    return (nonce !== undefined && sources.includes(`'nonce-${nonce}'`)) || sources.includes(hashOf(body));
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    if (type && /json/.test(type)) continue;
    if (!allowed("script-src", attributes, match[2] ?? "")) problems.push(`an inline script the policy does not allow: ${(match[2] ?? "").slice(0, 60)}`);
  }
  for (const match of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)) {
    if (!allowed("style-src", match[1] ?? "", match[2] ?? "")) problems.push(`an inline style the policy does not allow: ${(match[2] ?? "").slice(0, 60)}`);
  }
  if (/<[a-z][^>]*\sstyle="/i.test(html) && !sourcesOf(policy, "style-src").includes("'unsafe-inline'")) problems.push("a style attribute the policy does not allow");
  return problems;
}

export interface MirrorPageOptions {
  /** the Worker's origin the mirror's pages send to */
  apiOrigin: string;
  /** the page's Content-Security-Policy as the Worker sent it */
  policy: string | null;
  /** the origin the source's pages name (canonical, Open Graph, JSON-LD) and the one the mirror's must name instead */
  siteUrl?: { from: string; to: string };
}

/** A page of the mirror from the Worker's page (see the top of this file). */
export function mirrorPage(html: string, { apiOrigin, policy, siteUrl }: MirrorPageOptions): string {
  let out = siteUrl && siteUrl.from !== siteUrl.to ? html.split(siteUrl.from).join(siteUrl.to) : html;
  out = out.replace(/<html\b([^>]*)>/, (_, attributes: string) => `<html${attributes} data-api-origin="${escapeAttribute(apiOrigin)}">`);
  if (policy) {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(mirrorPolicy(policy, apiOrigin))}"/>`;
    // after the charset, which must come first; before anything the policy governs
    out = /<meta charSet="[^"]*"\/>/i.test(out) ? out.replace(/<meta charSet="[^"]*"\/>/i, (charset) => `${charset}${meta}`) : out.replace(/<head\b[^>]*>/, (head) => `${head}${meta}`);
  }
  // a form posted without JavaScript goes to the Worker, which answers with its own page
  out = out.replace(/(<form\b[^>]*\saction=")(\/[^/"][^"]*|\/)"/g, (_, start: string, action: string) => `${start}${escapeAttribute(apiOrigin)}${action}"`);
  // a link with a query opens that page's static copy
  out = out.replace(/(<a\b[^>]*\shref=")(\/[^"]*)"/g, (whole, start: string, href: string) => {
    const url = siteAddress(href);
    if (!url?.search || !isPagePath(url.pathname)) return whole;
    return `${start}${mirrorPathOf(url)}${escapeAttribute(url.hash)}"`;
  });
  // the visit's evidence for a visitor without JavaScript (with it, the client asks: client/visit.ts)
  const pixel = `<noscript><img src="${escapeAttribute(apiOrigin)}/api/visit" alt="" width="1" height="1" hidden=""/></noscript>`;
  return out.replace(/<body\b[^>]*>/, (body) => `${body}${pixel}`);
}

/** The site's own addresses a page refers to: links, sources, image sets, form actions. */
export function referencesOf(html: string): { links: string[]; files: string[] } {
  const links: string[] = [];
  const files: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) links.push(match[1]!.replace(/&amp;/g, "&"));
  // the client, which the loader names in data-entry (decision 063), is a file of the build like any src
  for (const match of html.matchAll(/\s(?:src|href|data-entry)="(\/[^/"][^"]*)"/g)) {
    const url = siteAddress(match[1]!);
    if (url && !isPagePath(url.pathname) && !url.pathname.startsWith("/_q/")) files.push(url.pathname);
  }
  for (const match of html.matchAll(/\s(?:srcSet|srcset|imageSrcSet)="([^"]*)"/g)) {
    for (const candidate of match[1]!.split(",")) {
      const path = candidate.trim().split(/\s+/)[0];
      if (path?.startsWith("/") && !path.startsWith("//")) files.push(siteAddress(path)?.pathname ?? path);
    }
  }
  return { links, files };
}
