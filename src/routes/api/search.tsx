import type { Context, Hono } from "hono";
import { SearchResults } from "../../components/catalogue/SearchResults";
import NothingFound from "../../components/forms/NothingFound.island";
import { MAX_RESULTS, searchIndex } from "../../services/search/engine";
import { browserSearchIndexOf, searchIndexOf } from "../../services/search/repository";
import type { SearchResult } from "../../services/search/documents";
import { pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { versionedJson } from "./versioned";

const query = (c: Context<AppEnv>) => (c.req.query("q") ?? "").slice(0, 100);

async function results(c: Context<AppEnv>): Promise<SearchResult[]> {
  const index = await searchIndexOf(c.env.CATALOGUE, c.get("catalogue"));
  return searchIndex(index, query(c), MAX_RESULTS);
}

/** `GET /api/search?q=` (DESIGN.md): an empty query gives `[]`. */
async function apiSearch(c: Context<AppEnv>) {
  return c.json({ results: await results(c) }, 200, { "Cache-Control": "public, max-age=60" });
}

/**
 * The compact index the browser searches as the visitor types (the whole catalogue, or a sample of
 * a big one: then the browser asks `/api/search` too); immutable for its content version.
 */
async function apiIndex(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return versionedJson(c, await browserSearchIndexOf(c.env.CATALOGUE, catalogue), c.req.query("v") === catalogue.version);
}

/** `/search?q=`: the same results rendered on the server; it works without JavaScript and can be linked. */
async function searchPage(c: Context<AppEnv>) {
  const q = query(c).trim();
  const found = q ? await results(c) : [];
  const { site } = c.get("catalogue");
  return renderPage(c, {
    meta: { title: q ? `Поиск: ${q}` : "Поиск", description: "Поиск по программам, семинарам, преподавателям и статьям института.", robots: "noindex, follow" },
    breadcrumbs: [
      { label: "Главная", href: "/" },
      { label: "Поиск", href: "/search" },
    ],
    body: (
      <section className="container search-page">
        <h1>Поиск</h1>
        <form className="search-page__form" action="/search" method="get" role="search" aria-label="Уточнить поиск">
          <label htmlFor="search-page-q" className="visually-hidden">
            Что найти
          </label>
          <input id="search-page-q" name="q" type="search" defaultValue={q} placeholder="Программа, семинар, преподаватель" />
          <button className="btn btn--primary" type="submit">
            <span className="btn__label">Найти</span>
          </button>
        </form>
        {q ? (
          <p className="search-page__count" aria-live="polite">
            {found.length > 0 ? `По запросу «${q}» — ${pluralize(found.length, ["результат", "результата", "результатов"])}` : `По запросу «${q}» ничего не нашлось`}
          </p>
        ) : null}
        {found.length > 0 ? <SearchResults results={found} /> : null}
        {q && found.length === 0 ? (
          <NothingFound idPrefix="search-page" thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }} />
        ) : null}
      </section>
    ),
  });
}

export function registerSearch(app: Hono<AppEnv>): void {
  app.get("/api/search", apiSearch);
  app.get("/api/search/index", apiIndex);
  app.get("/search", searchPage);
}
