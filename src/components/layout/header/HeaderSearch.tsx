import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { loadChunk } from "../../../client/load-chunk";
import type { ThankYouProps } from "../../forms/ThankYou";
import type { VisitorArea } from "../../../services/visitor-area";
import { CloseIcon, DrawnSearchIcon } from "../../ui/icons";

/** Results and the nothing-found form load only when someone types; a failed load is asked again. */
const SearchPanel = lazy(() => loadChunk(() => import("./SearchPanel")));

/** The input is focused this long after it opens (spec 9). */
const SEARCH_FOCUS_DELAY_MS = 100;
/** A query the results read in the Russian layout becomes those words in the field after this pause in typing. */
const SHOW_SEARCHED_AFTER_MS = 600;

interface HeaderSearchProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** the mobile menu's box is always shown; the header's opens from its icon */
  alwaysOpen?: boolean;
  id: string;
  /** the content version, so the browser fetches the index that matches the page */
  version: string;
  thanks: ThankYouProps;
  /** the visitor's area: the nothing-found form's phone picker starts there */
  area: VisitorArea;
}

/**
 * The search field of spec 2.3 and 4: hidden until the icon is clicked, then focused after 100 ms;
 * the clear icon clears the text, or closes the field when it is already empty (the mobile menu's
 * box, which does not close, shows it only while there is text to clear). Submitting opens
 * the search page, which also works without JavaScript.
 */
export function HeaderSearch({ open, onOpen, onClose, alwaysOpen = false, id, version, thanks, area }: HeaderSearchProps) {
  const [query, setTyped] = useState("");
  /** the words searched, put into the field in place of a query typed in the Latin layout */
  const [searched, setSearched] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = alwaysOpen || open;
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setQuery = (value: string) => {
    clearTimeout(pending.current);
    setTyped(value);
  };
  // never under the visitor's fingers: the field changes once they pause
  const showSearched = useCallback((words: string | null) => {
    clearTimeout(pending.current);
    if (words === null) return;
    pending.current = setTimeout(() => {
      setSearched(words);
      setTyped(words);
    }, SHOW_SEARCHED_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    if (!open || alwaysOpen) return;
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, alwaysOpen]);

  const clear = () => {
    if (query) {
      setQuery("");
      input.current?.focus();
    } else if (!alwaysOpen) {
      onClose();
    }
  };

  return (
    <div className={`header-search-wrap${alwaysOpen ? " header-search-wrap--inline" : ""}`}>
    <form
      className={`header-search${shown ? " is-open" : ""}${alwaysOpen ? " header-search--inline" : ""}`}
      role="search"
      aria-label={alwaysOpen ? "Поиск по сайту в меню" : "Поиск по сайту"}
      action="/search"
      method="get"
    >
      {!alwaysOpen && !open ? (
        <button type="button" className="icon-btn" aria-label="Открыть поиск" aria-controls={id} onClick={onOpen}>
          <DrawnSearchIcon />
        </button>
      ) : null}
      <label className="visually-hidden" htmlFor={id}>
        Поиск по программам, семинарам и статьям
      </label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        className="header-search__input"
        placeholder="Найти программу или семинар"
        autoComplete="off"
        value={query}
        hidden={!shown}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown ? (
        // the mobile menu's box, always shown, has nothing to close: while empty its button keeps its place unseen
        <button
          type="button"
          className={`icon-btn header-search__clear${alwaysOpen && !query ? " is-idle" : ""}`}
          aria-label={query ? "Очистить поиск" : "Закрыть поиск"}
          onClick={clear}
        >
          <CloseIcon />
        </button>
      ) : null}
    </form>
      {/* beside the form, not in it: the nothing-found panel holds a form of its own */}
      {shown && query.trim() ? (
        <Suspense fallback={null}>
          <SearchPanel
            query={query.trim()}
            searched={searched === query.trim() ? searched : null}
            onSwitched={showSearched}
            version={version}
            thanks={thanks}
            area={area}
            idPrefix={`${id}-nothing`}
            onPick={() => {
              // clicking a result clears and closes the search (spec 4)
              setQuery("");
              if (!alwaysOpen) onClose();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
