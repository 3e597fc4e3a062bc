import type { ReactNode } from "react";
import { CLIENT_LOADER } from "../../services/client-loader";
import type { Template } from "../../services/templates";
import { useRenderContext } from "../render-context";
import { type SiteSettings, settingsAttributes } from "../site-settings";
import { ICON_SHAPES } from "../ui/icon-shapes";
import { iconSymbolId } from "../ui/icons";
import type { ResolvedMeta } from "./seo";

/** The built client assets (scripts/build.ts writes build/manifest.json). */
export interface ClientManifest {
  entry: string;
  css: string;
  /** PT Sans' faces: linked before the first paint where the page draws large text (low vision), and added by the client elsewhere (decision 094) */
  fontsCss: string;
  /** both weights of the site's font, preloaded where the page draws large text (low vision) */
  fonts: string[];
  /** React's chunks: the entry imports them when the first island hydrates */
  react: string[];
  /** island name -> the chunks it needs besides the entry */
  islands: Record<string, string[]>;
  /** libphonenumber-js' metadata, which the Worker reads from its static files (src/server/phone-metadata.ts) */
  phoneMetadata: string;
}


interface DocumentProps {
  meta: ResolvedMeta;
  jsonLd: Record<string, unknown>[];
  manifest: ClientManifest;
  /** the page's kind, written on <html> so the build can tell which CSS each kind uses */
  template: Template;
  /**
   * the rules the template uses, inlined in the head; without them (a build that has none yet, or a
   * page for low vision, whose larger type and schemes are the stylesheet's) the stylesheet blocks the paint as before
   */
  criticalCss?: string;
  htmlClassName?: string;
  /** the deployment's public settings (dry run, Turnstile, analytics), read by the browser from <html> */
  settings?: SiteSettings;
  children: ReactNode;
}

function JsonLd({ data }: { data: Record<string, unknown> }) {
  // `<` is escaped so no value can close the script element
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** Rendered after the page: by then every island of it has registered its props. */
function IslandProps() {
  const context = useRenderContext();
  return (
    <>
      {[...(context?.props ?? [])].map(([id, json]) => (
        <script key={id} type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}

/**
 * The symbols of the icons the page drew (icons.tsx), after the page: only the first screen's few
 * are drawn in place (the header's), and the rest need no request to the sprite before the first paint.
 */
function IconSymbols() {
  const context = useRenderContext();
  const names = [...(context?.icons ?? [])];
  if (names.length === 0) return null;
  const symbols = names.map((name) => `<symbol id="${iconSymbolId(name)}" viewBox="0 0 24 24">${ICON_SHAPES[name]}</symbol>`).join("");
  return <svg className="icon-symbols" width="0" height="0" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: symbols }} />;
}

/**
 * The page in the order a throttled connection needs it (decision 041): the head carries the CSS
 * the template uses, so the first screen paints from the first bytes; everything the first screen
 * does not need (island props, JSON-LD, the full stylesheet, the scripts) comes after the page.
 * Neither the client nor the full stylesheet is named for the browser to fetch while it parses: the
 * loader asks for the client once the first screen is on screen (decision 063), and the client for the
 * stylesheet (client/full-style.ts); without JavaScript the copy in <noscript> applies.
 */
export function Document({ meta, jsonLd, manifest, template, criticalCss, htmlClassName, settings, children }: DocumentProps) {
  const blocking = criticalCss === undefined;
  return (
    <html lang="ru" className={htmlClassName} data-template={template} {...settingsAttributes(settings ?? {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        {blocking ? (
          <>
            {manifest.fonts.map((href) => (
              <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
            ))}
            {/* a precedence makes React keep the stylesheets here, in the head */}
            <link rel="stylesheet" href={manifest.fontsCss} precedence="default" />
            <link rel="stylesheet" href={manifest.css} precedence="default" />
          </>
        ) : (
          <style dangerouslySetInnerHTML={{ __html: criticalCss }} />
        )}
        <meta name="description" content={meta.description} />
        <meta name="robots" content={meta.robots} />
        <link rel="canonical" href={meta.canonical} />
        <meta property="og:type" content={meta.ogType} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={meta.canonical} />
        <meta property="og:site_name" content={meta.siteName} />
        <meta property="og:locale" content="ru_RU" />
        <meta property="og:image" content={meta.ogImage} />
        <meta property="og:image:alt" content={meta.ogImageAlt} />
        {/* X takes the title, description and image from og:* where its own tags are missing */}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="theme-color" content="#6f01c6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Перейти к содержанию
        </a>
        {children}
        <IconSymbols />
        <IslandProps />
        {jsonLd.map((data, index) => (
          <JsonLd key={index} data={data} />
        ))}
        {blocking ? null : (
          <noscript>
            <link rel="stylesheet" href={manifest.css} />
          </noscript>
        )}
        {/*
          the client, asked for once the first screen is on screen (services/client-loader.ts): it asks for
          the full stylesheet, and imports React and each island's code when it hydrates
        */}
        <script data-entry={manifest.entry} data-full-style={blocking ? undefined : manifest.css} dangerouslySetInnerHTML={{ __html: CLIENT_LOADER }} />
      </body>
    </html>
  );
}
