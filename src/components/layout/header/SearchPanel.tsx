import { useEffect, useState } from "react";
import { SERVER_DEBOUNCE_MS, searchInBrowser, searchOnServer } from "../../../client/search-client";
import type { SearchAnswer } from "../../../services/search/engine";
import { SearchResults, SearchSwitched } from "../../catalogue/SearchResults";
import { NothingFoundPanel } from "../../forms/NothingFoundPanel";
import type { ThankYouProps } from "../../forms/ThankYou";
import type { VisitorArea } from "../../../services/visitor-area";

interface SearchPanelProps {
  query: string;
  /** the query is the words an earlier answer read a Latin-layout query as: the note stays */
  searched: string | null;
  /** the words the latest answer read the query as in the Russian layout (the field is to show them), or null when it read it as typed */
  onSwitched: (words: string | null) => void;
  version: string;
  thanks: ThankYouProps;
  /** the visitor's area: the nothing-found form's phone picker starts there */
  area: VisitorArea;
  idPrefix: string;
  onPick: () => void;
}

/**
 * Results as the visitor types (spec 4), from the compact index in the browser; for a catalogue
 * too big to send whole, those come first and the server's answer over everything replaces them
 * after a pause in typing. Nothing found: the nothing-found panel with its lead form. This module
 * loads only when someone searches.
 */
export default function SearchPanel({ query, searched, onSwitched, version, thanks, area, idPrefix, onPick }: SearchPanelProps) {
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: unknown) => {
      if (!current || controller.signal.aborted) return;
      console.error("search:", error);
      setFailed(true);
    };
    searchInBrowser(version, query)
      .then(({ complete, ...local }) => {
        if (!current) return;
        setFailed(false);
        // a sample that found nothing is not an answer yet: the panel waits for the server
        setAnswer(complete || local.results.length > 0 ? local : null);
        if (complete) return;
        timer = setTimeout(() => {
          searchOnServer(query, controller.signal)
            .then((found) => {
              if (current) setAnswer(found);
            })
            .catch((error: unknown) => {
              if (local.results.length === 0) fail(error);
            });
        }, SERVER_DEBOUNCE_MS);
      })
      .catch(fail);
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, version]);
  useEffect(() => {
    // a later answer that reads the query as typed (the server's, after the browser's sample) takes the change back
    if (answer) onSwitched(answer.layoutSwitched ?? null);
  }, [answer, onSwitched]);
  const switched = answer?.layoutSwitched ?? searched;

  if (failed) {
    return (
      <div className="search-panel">
        <a className="search-panel__all" href={`/search?q=${encodeURIComponent(query)}`}>
          Искать «{query}» на странице поиска
        </a>
      </div>
    );
  }
  if (answer === null) return <div className="search-panel search-panel--loading" aria-busy="true" />;
  return (
    <div className="search-panel" aria-live="polite">
      {answer.results.length > 0 ? (
        <>
          {switched ? <SearchSwitched query={switched} /> : null}
          <SearchResults results={answer.results} onPick={onPick} />
        </>
      ) : (
        <NothingFoundPanel compact heading="Ничего не нашлось" idPrefix={idPrefix} area={area} thanks={thanks} />
      )}
    </div>
  );
}
