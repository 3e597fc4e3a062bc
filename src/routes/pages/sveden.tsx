import type { Context } from "hono";
import type { Catalogue } from "../../services/catalogue/build";
import { DocumentLink } from "../../components/catalogue/DocumentLink";
import { TextBlocks } from "../../components/catalogue/TextBlocks";
import { type SvedenSlug, svedenSlugs } from "../../services/catalogue/institute-schemas";
import { documentFiles } from "../../server/documents";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound } from "../../render/error-pages";

const SVEDEN_TITLE = "Сведения об образовательной организации";

const isSveden = (slug: string): slug is SvedenSlug => (svedenSlugs as readonly string[]).includes(slug);

function SvedenMenu({ titles, current }: { titles: Record<SvedenSlug, string>; current?: SvedenSlug }) {
  return (
    <nav className="sveden__menu" aria-label="Подразделы сведений">
      <p className="sveden__menu-title">{SVEDEN_TITLE}</p>
      <ul>
        {svedenSlugs.map((s) => (
          <li key={s}>
            <a href={`/sveden/${s}`} aria-current={s === current ? "page" : undefined}>
              {titles[s]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const svedenTitles = (pages: Catalogue["pages"]) =>
  Object.fromEntries(svedenSlugs.map((s) => [s, pages.sveden[s].title])) as Record<SvedenSlug, string>;

const rootCrumbs = [
  { label: "Главная", href: "/" },
  { label: SVEDEN_TITLE, href: "/sveden" },
];

/** `/sveden`: the section's root (Rosobrnadzor order 1493), listing every subsection. */
export function svedenIndex(c: Context<AppEnv>) {
  const titles = svedenTitles(c.get("catalogue").pages);
  return renderPage(c, {
    meta: { title: SVEDEN_TITLE, description: `${SVEDEN_TITLE}: ${Object.values(titles).join(", ")}.` },
    breadcrumbs: rootCrumbs,
    body: (
      <div className="container sveden">
        <SvedenMenu titles={titles} />
        <article className="sveden__content prose">
          <h1>{SVEDEN_TITLE}</h1>
          <p>Раздел, который образовательная организация публикует по требованиям Рособрнадзора. Выберите подраздел:</p>
          <ul>
            {svedenSlugs.map((s) => (
              <li key={s}>
                <a href={`/sveden/${s}`}>{titles[s]}</a>
              </li>
            ))}
          </ul>
        </article>
      </div>
    ),
  });
}

/**
 * `/sveden/{subsection}`: the section a Russian educational organisation must publish
 * (Rosobrnadzor order 1493), every subsection with the shared menu.
 */
export function svedenPage(c: Context<AppEnv>) {
  const slug = c.req.param("section") ?? "";
  if (!isSveden(slug)) return renderNotFound(c);
  const { pages, documents } = c.get("catalogue");
  const section = pages.sveden[slug];
  return renderPage(c, {
    meta: { title: `${section.title} — ${SVEDEN_TITLE}`, description: `${SVEDEN_TITLE}: ${section.title}.` },
    breadcrumbs: [...rootCrumbs, { label: section.title, href: `/sveden/${slug}` }],
    body: (
      <div className="container sveden">
        <SvedenMenu titles={svedenTitles(pages)} current={slug} />
        <article className="sveden__content prose">
          <h1>{section.title}</h1>
          <TextBlocks blocks={section.body} />
          {slug === "document" ? (
            <ul className="document-list">
              {documents.map((document) => (
                <DocumentLink key={document.id} document={document} bytes={documentFiles[document.slug]?.bytes} />
              ))}
            </ul>
          ) : null}
        </article>
      </div>
    ),
  });
}
