import type { ReactNode } from "react";
import { useRenderContext } from "../render-context";
import { type SiteSettings, settingsAttributes } from "../site-settings";
import type { ResolvedMeta } from "./seo";

/** The built client assets (scripts/build.ts writes build/manifest.json). */
export interface ClientManifest {
  entry: string;
  css: string;
  /** both weights of the site's font (every page opens with bold headings), preloaded so text renders in it from the start */
  fonts: string[];
  /** React's chunks: the entry imports them when the first island hydrates */
  react: string[];
  /** island name -> the chunks it needs besides the entry, for modulepreload */
  islands: Record<string, string[]>;
  /** islands that hydrate at once: only their chunks are preloaded */
  eager?: string[];
}

interface DocumentProps {
  meta: ResolvedMeta;
  jsonLd: Record<string, unknown>[];
  manifest: ClientManifest;
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

/** Rendered last: by then every island of the page has registered itself. */
function ClientScripts({ manifest }: { manifest: ClientManifest }) {
  const context = useRenderContext();
  const used = [...(context?.islands ?? [])];
  if (used.length === 0) return null;
  // islands hydrated later (when visible, when idle) fetch their code then: it is not preloaded
  const eager = used.filter((name) => context?.eager.has(name));
  // React loads with the first island: preloaded only where one hydrates at once
  const preload = new Set(eager.length > 0 ? [...manifest.react, ...eager.flatMap((name) => manifest.islands[name] ?? [])] : []);
  return (
    <>
      {[...preload].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" src={manifest.entry} />
    </>
  );
}

export function Document({ meta, jsonLd, manifest, htmlClassName, settings, children }: DocumentProps) {
  return (
    <html lang="ru" className={htmlClassName} {...settingsAttributes(settings ?? {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* what every page needs, first and the same on every page: a page whose data is slow sends
            this much before it has read anything (render/head.ts), so the browser fetches the
            stylesheet, the fonts and the client's entry while the Worker waits */}
        {manifest.fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {/* a precedence makes React put the stylesheet here, after charset and viewport; without one it moves it after the title */}
        <link rel="stylesheet" href={manifest.css} precedence="default" />
        <link rel="modulepreload" href={manifest.entry} />
        <title>{meta.title}</title>
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
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={meta.ogImage} />
        <meta name="twitter:image:alt" content={meta.ogImageAlt} />
        <meta name="theme-color" content="#6f01c6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {jsonLd.map((data, index) => (
          <JsonLd key={index} data={data} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Перейти к содержанию
        </a>
        {children}
        <ClientScripts manifest={manifest} />
      </body>
    </html>
  );
}
