import type { SearchResult } from "../../services/search/documents";

interface SearchResultsProps {
  results: SearchResult[];
  /** Called when a result is followed, e.g. to close the header panel. */
  onPick?: () => void;
}

/** The list of search results, shared by the `/search` page and the header panel: each with its type, length and price. */
export function SearchResults({ results, onPick }: SearchResultsProps) {
  return (
    <ul className="search-results">
      {results.map((result) => {
        const facts = [result.duration, result.price].filter(Boolean).join(" · ");
        return (
          <li key={result.id}>
            <a className="search-result" href={result.href} onClick={onPick}>
              <span className="search-result__tag">{result.typeLabel}</span>
              <span className="search-result__title">{result.title}</span>
              {result.subtitle ? <span className="search-result__subtitle">{result.subtitle}</span> : null}
              {facts ? <span className="search-result__facts">{facts}</span> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Which query the results answer when the visitor typed in the Latin layout ('ghjatccbz' is 'профессия'). */
export function SearchSwitched({ query }: { query: string }) {
  return <p className="search-switched">{`Показаны результаты по запросу «${query}»`}</p>;
}
