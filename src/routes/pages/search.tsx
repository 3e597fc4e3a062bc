import type { Context } from "hono";
import { SearchResults, SearchSwitched } from "../../components/catalogue/SearchResults";
import NothingFound from "../../components/forms/NothingFound.island";
import { renderPage } from "../../render/render";
import { pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { searchQuery, searchResults } from "../../server/search";

/** `/search?q=`: the same results rendered on the server; it works without JavaScript and can be linked. */
export async function searchPage(c: Context<AppEnv>) {
  const q = searchQuery(c).trim();
  const { results: found, layoutSwitched } = q ? await searchResults(c, q) : { results: [], layoutSwitched: null };
  // what the results answer: the Russian reading of a query typed in the Latin layout
  const answered = layoutSwitched ?? q;
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
          {/* a query typed in the Latin layout stands in the field as the words searched */}
          <input id="search-page-q" name="q" type="search" defaultValue={layoutSwitched ?? q} placeholder="Программа, семинар, преподаватель" />
          <button className="btn btn--primary" type="submit">
            <span className="btn__label">Найти</span>
          </button>
        </form>
        {layoutSwitched ? <SearchSwitched query={layoutSwitched} /> : null}
        {q ? (
          <p className="search-page__count" aria-live="polite">
            {found.length > 0
              ? `По запросу «${answered}» — ${pluralize(found.length, ["результат", "результата", "результатов"])}`
              : `По запросу «${q}» ничего не нашлось`}
          </p>
        ) : null}
        {found.length > 0 ? <SearchResults results={found} /> : null}
        {q && found.length === 0 ? (
          <NothingFound idPrefix="search-page" area={c.var.area} thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }} />
        ) : null}
      </section>
    ),
  });
}

