import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fileOfPage, inlineProblems, isPagePath, mirrorPage, mirrorPolicy, queryPagePath, referencesOf } from "./mirror-html";
import { CLIENT_LOADER, CLIENT_LOADER_HASH } from "../../src/services/client-loader";

const api = "https://api.mip.institute";
const policy = `default-src 'self'; script-src 'self' ${CLIENT_LOADER_HASH}; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'`;
const page = [
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/><title>T</title></head><body>',
  '<a href="/programs">all</a><a href="/apply?cta=askQuestion&amp;about=%D0%90#form">ask</a><a href="https://t.me/x?y=1">tg</a>',
  '<a href="/assets/x.pdf?v=1">pdf</a>',
  '<form class="lead-form" action="/api/leads" method="post"></form><form action="/search" method="get"></form>',
  '<img src="/images/a-320.webp" srcSet="/images/a-320.webp 320w, /images/a-640.webp 640w" alt=""/>',
  `<script type="application/json" data-island-props="">{"a":1}</script><script data-entry="/assets/client-X.js">${CLIENT_LOADER}</script>`,
  "</body></html>",
].join("");

describe("a page of the mirror", () => {
  const html = mirrorPage(page, { apiOrigin: api, policy });

  it("names the Worker on <html> and carries the page's policy, with the Worker where the page reaches it, after the charset", () => {
    expect(html).toContain(`<html lang="ru" data-api-origin="${api}">`);
    expect(html).toContain(
      `<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' ${CLIENT_LOADER_HASH}; style-src 'self'; img-src 'self' data: ${api}; connect-src 'self' ${api}; form-action 'self' ${api}"/>`,
    );
  });

  it("posts its forms to the Worker, opens a link with a query at its static copy, leaves other links alone", () => {
    expect(html).toContain(`action="${api}/api/leads"`);
    expect(html).toContain(`action="${api}/search"`);
    expect(html).toContain(`<a href="${queryPagePath("/apply?cta=askQuestion&about=%D0%90")}#form">`);
    expect(html).toContain('<a href="/programs">');
    expect(html).toContain('<a href="https://t.me/x?y=1">');
    expect(html).toContain('<a href="/assets/x.pdf?v=1">');
  });

  it("gets a visitor without JavaScript the visit's evidence by an image", () => {
    expect(html).toContain(`<body><noscript><img src="${api}/api/visit" alt="" width="1" height="1" hidden=""/></noscript>`);
  });

  it("names the site the mirror is of in place of the source's", () => {
    const named = mirrorPage('<html><head><link rel="canonical" href="http://127.0.0.1:8798/x"/></head><body></body></html>', {
      apiOrigin: api,
      policy,
      siteUrl: { from: "http://127.0.0.1:8798", to: "https://mip.institute" },
    });
    expect(named).toContain('<link rel="canonical" href="https://mip.institute/x"/>');
  });

  it("finds the files it refers to", () => {
    expect(referencesOf(html).files.sort()).toEqual(["/assets/client-X.js", "/assets/x.pdf", "/images/a-320.webp", "/images/a-320.webp", "/images/a-640.webp"]);
  });
});

describe("the mirror's addresses", () => {
  it("tells pages from files and the Worker's own addresses", () => {
    expect(isPagePath("/")).toBe(true);
    expect(isPagePath("/programs/konsultirovanie")).toBe(true);
    for (const path of ["/api/leads", "/assets/a.js", "/favicon.svg", "/docs/pdf/a.pdf", "/ops/leads", "//evil.example/x"]) expect(isPagePath(path), path).toBe(false);
  });

  it("writes every page as path/index.html, a query page under /_q/", () => {
    expect(fileOfPage("/")).toBe("index.html");
    expect(fileOfPage("/programs")).toBe("programs/index.html");
    expect(queryPagePath("/programs?page=2")).toMatch(/^\/_q\/[0-9a-f]{16}$/);
    expect(queryPagePath("/programs?page=2")).not.toBe(queryPagePath("/programs?page=3"));
  });
});

describe("what a static copy's policy would block", () => {
  it("nothing on the site's pages: scripts are external, island props and JSON-LD are data", () => {
    expect(inlineProblems(page, policy)).toEqual([]);
  });

  it("an inline script or style without its nonce or hash, and style attributes", () => {
    expect(inlineProblems("<script>alert(1)</script>", policy)).toHaveLength(1);
    expect(inlineProblems('<script nonce="abc">alert(1)</script>', "script-src 'self' 'nonce-abc'")).toEqual([]);
    expect(inlineProblems("<style>a{}</style>", policy)).toHaveLength(1);
    expect(inlineProblems("<style>a{}</style>", `style-src 'self' 'sha256-${createHash("sha256").update("a{}").digest("base64")}'`)).toEqual([]);
    expect(inlineProblems('<p style="color:red">x</p>', policy)).toHaveLength(1);
  });

  it("a policy for a <meta> keeps what a <meta> can carry", () => {
    expect(mirrorPolicy("default-src 'self'; frame-ancestors 'none'; report-uri /csp", api)).toBe(`default-src 'self'; connect-src 'self' ${api}; form-action 'self' ${api}; img-src 'self' ${api}`);
  });
});
