import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { breadcrumbJsonLd, type Crumb } from "../components/layout/Breadcrumbs";
import { Document } from "../components/layout/Document";
import LowVisionPanel from "../components/layout/LowVisionPanel.island";
import { LOW_VISION_COOKIE, lowVisionClasses, parseLowVision } from "../services/low-vision";
import { type PageMeta, resolveMeta } from "../components/layout/seo";
import { siteJsonLd } from "../components/layout/structured-data";
import { SiteShell } from "../components/layout/SiteShell";
import { RenderContext, renderContext } from "../components/render-context";
import { log } from "../services/log";
import type { Template } from "../services/templates";
import { criticalCss, criticalStyleSource } from "../server/page-style";
import { manifest } from "./assets";
import { publicSettings } from "../server/config.server";
import type { AppEnv } from "../server/env";
import { COUNTRY_HEADER } from "../services/visitor-area";

export interface Page {
  meta: PageMeta;
  body: ReactElement;
  /** where the page sits below home: shown above the page and given to crawlers as JSON-LD */
  breadcrumbs?: Crumb[];
  status?: 200 | 400 | 403 | 404 | 409 | 415 | 429 | 500 | 503;
  /** the template it is drawn by, where not its route's (error and form pages: "form") */
  template?: Template;
}

/**
 * Renders a page inside the site shell, to a string (decision 014): no page suspends on the
 * server, so a stream would leave only when the whole page is rendered anyway, at 1.5-2 times
 * the CPU. A page that one day awaits data inside a Suspense boundary is the case for a stream.
 */
export async function renderPage(c: Context<AppEnv>, page: Page): Promise<Response> {
  const catalogue = c.get("catalogue");
  const lowVision = parseLowVision(getCookie(c, LOW_VISION_COOKIE));
  const path = new URL(c.req.url).pathname;
  const meta = resolveMeta(page.meta, catalogue.site, c.env.SITE_URL, path);
  const settings = publicSettings(c.env);
  const context = renderContext(settings);
  const template = page.template ?? c.get("template") ?? "form";
  const requestId = c.get("requestId");
  const area = c.var.area;
  // a page for low vision is drawn by the whole stylesheet: its sizes and schemes are there
  const inlined = lowVision ? undefined : await criticalCss(c.env.ASSETS, template);
  const tree = (<RenderContext.Provider value={context}>
      <Document
        meta={meta}
        jsonLd={[
          ...siteJsonLd(catalogue.site, c.env.SITE_URL),
          ...(page.breadcrumbs ? [breadcrumbJsonLd(page.breadcrumbs, c.env.SITE_URL)] : []),
          ...(page.meta.jsonLd ?? []),
        ]}
        manifest={manifest}
        template={template}
        criticalCss={inlined}
        htmlClassName={lowVision ? lowVisionClasses(lowVision) : undefined}
        settings={settings}
      >
        {lowVision ? <LowVisionPanel initial={lowVision} /> : null}
        <SiteShell catalogue={catalogue} path={path} area={area} lowVision={lowVision !== null} breadcrumbs={page.breadcrumbs}>
          {page.body}
        </SiteShell>
      </Document>
    </RenderContext.Provider>);
  // its policy allows this CSS alone (decision 062)
  if (inlined !== undefined) c.set("inlinedStyle", template);
  let html: string;
  try {
    html = renderToString(tree);
  } catch (error) {
    log.error("render.error", { requestId, path, error: error instanceof Error ? error.stack : String(error) });
    throw error;
  }
  // the header, the footer and the forms follow the visitor's country (decision 020); a page drawn
  // without its template's CSS, which could not be read (decision 095), is kept by no cache: the next
  // visit draws it whole
  const unstyled = !lowVision && inlined === undefined && criticalStyleSource(template) !== undefined;
  return c.body(`<!DOCTYPE html>${html}`, page.status ?? 200, {
    "Content-Type": "text/html; charset=utf-8",
    Vary: COUNTRY_HEADER,
    ...(unstyled ? { "Cache-Control": "no-store" } : {}),
  });
}
