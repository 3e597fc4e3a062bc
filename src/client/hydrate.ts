import { islands } from "virtual:islands";
import { loadChunk, setRetryImport } from "./load-chunk";
import { preloadChunksOf } from "./module-preload";
import type { ShownCount } from "./tickets-live";

// a chunk asked again comes under an address of its own (load-chunk.ts); the bundler leaves this import to the browser
setRetryImport((address) => import(address));

/**
 * The visit's cookies and the consent's reading, read by the two strategies that need them (the
 * consent banner's, a campaign's promo): modules the forms and the banner share, which the entry does
 * not carry (a first tap waits for none of them). The entry asks for the visit's at once anyway.
 */
const visitModule = () => loadChunk(() => import("./visit"));
const consentModule = () => loadChunk(() => import("../services/consent"));

/** React, fetched with the first island to hydrate (no page preloads it: decision 041). */
const react = () => import("./react-runtime");

/**
 * The islands that wake on the visitor's interaction and have not yet: once React is on the page
 * for one island, the others wake too, at once (each in slices, as a transition), since some of
 * them answer what another does (the lead popup a call to action opens).
 */
const waiting = new Set<HTMLElement>();
let reactLoaded = false;

function loadReact() {
  return loadChunk(react).then((runtime) => {
    if (!reactLoaded) {
      reactLoaded = true;
      for (const element of waiting) void hydrateIsland(element);
    }
    return runtime;
  });
}

/** An island's props: the JSON its marker names by id, written at the document's end (Document.tsx). */
function readProps(element: HTMLElement): object {
  const id = element.dataset.props;
  const script = id === undefined ? null : document.querySelector(`script[data-island-props="${CSS.escape(id)}"]`);
  return JSON.parse(script?.textContent || "{}") as object;
}

const started = new WeakMap<HTMLElement, Promise<void>>();

/**
 * Hydrates an island once; the promise settles when React has hydrated it. Its chunks are asked
 * again when a load fails (load-chunk.ts); an island whose chunks could not be loaded even then
 * is tried afresh by the next interaction with it.
 */
function hydrateIsland(element: HTMLElement): Promise<void> {
  let hydration = started.get(element);
  if (!hydration) {
    hydration = (async () => {
      const name = element.dataset.island ?? "";
      const load = islands[name];
      if (!load) throw new Error(`Unknown island ${name}`);
      waiting.delete(element);
      preloadChunksOf(name);
      const [module, { hydrateWithReact }] = await Promise.all([loadChunk(load), loadReact()]);
      await hydrateWithReact(element, module.default.Component, readProps(element));
    })();
    hydration.catch((error) => {
      started.delete(element);
      failed.add(element);
      console.error(error);
      // whatever its strategy, the visitor's next touch of it asks again
      wakeOnInteraction(element);
    });
    started.set(element, hydration);
  }
  return hydration;
}

const idle = (run: () => void) =>
  "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/**
 * Hydration on first interaction, or once React came for another island: a hover, a focus or a
 * touch starts it; a click that comes before it is held and replayed once React has hydrated, so
 * the visitor's first click is never lost, unless it has an action of its own (wakeOnInteraction).
 * Nothing is fetched or run for it before (issue 41).
 */
function hydrateOnInteraction(element: HTMLElement): void {
  wakeOnInteraction(element);
  // a field the visitor was in before this script came (a slow network) counts as the touch
  if (reactLoaded || element.contains(document.activeElement)) void hydrateIsland(element);
  else waiting.add(element);
}

/** The islands listening for the visitor's first interaction (each once, however often its load failed). */
const listening = new WeakSet<HTMLElement>();

/** The islands whose code could not be loaded once already. */
const failed = new WeakSet<HTMLElement>();

/**
 * What a click does without React: a link goes, a form is sent, a field or a label takes it, a
 * button invokes its command or opens its popover (the burger the mobile menu, client/mobile-menu.ts;
 * the header's button the program menu, client/program-menu.ts; the eye its panel, client/account-panel.ts).
 */
const NATIVE_ACTION = "a[href], label, input, select, textarea, summary, form button:not([type=button]), button[commandfor], button[popovertarget]";

/** A link whose click, once its island is awake, does something else on the page (a call to action opens the popup). */
const REPLAYED = "[data-replay]";

/**
 * The visitor's first hover, focus or touch wakes the island; a click before it has woken is held
 * and replayed (or given back when its code cannot be loaded). A click with an action of its own
 * (NATIVE_ACTION) does it at once, without waiting for React: a link goes, a field takes the
 * focus, a box is ticked, a summary opens, a form is sent as without JavaScript (what was typed
 * is kept at hydration: keep-typed.ts); only a link marked `data-replay`, whose click once awake
 * opens something on the page instead, is held. Installed once per island.
 */
function wakeOnInteraction(element: HTMLElement): void {
  if (listening.has(element)) return;
  listening.add(element);
  const start = (event: Event) => {
    // a button that invokes a command or opens a popover needs no island: the burger's menu and the
    // program menu open without React, and waking the header then would only hold the main thread
    if (event.target instanceof Element && event.target.closest("button[commandfor], button[popovertarget]")) return;
    if (element.dataset.hydrated !== "true") void hydrateIsland(element);
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) element.addEventListener(type, start, { passive: true });
  element.addEventListener(
    "click",
    (event) => {
      // a click replayed or given back below (and what a browser makes of it, a label's for its field) is not held again
      if (element.dataset.hydrated === "true" || !event.isTrusted) return;
      // a press with a modifier (a new tab, a new window) does what the browser makes of it: a replay would lose the key
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      // the element clicked, or the HTML element an icon's SVG is drawn in
      let target = event.target instanceof Node ? event.target : null;
      while (target && !(target instanceof HTMLElement)) target = target.parentNode;
      if (!(target instanceof HTMLElement)) return;
      // an island whose code could not be loaded before lets a call to action do what it does without JavaScript too
      if (target.closest(NATIVE_ACTION) && (failed.has(element) || !target.closest(REPLAYED))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const held = target;
      // replayed once React handles it; if the code could not be loaded, given back to do what it does
      // without JavaScript (a link goes, a form is sent), as if it had never been held
      void hydrateIsland(element).then(
        () => held.click(),
        () => held.click(),
      );
    },
    { capture: true },
  );
}

/**
 * A seminar's seat count (`live`): the page may come from the edge cache, so the live count is
 * read at once, without React (tickets-live.ts), and shared with what shows it; the island wakes
 * only if the page shows another count or seats are held, and React then wakes the ticket buttons
 * waiting with it. Otherwise it waits as an `interaction` island does.
 */
function wakeWhenChanged(element: HTMLElement): void {
  hydrateOnInteraction(element);
  void loadChunk(() => import("./tickets-live"))
    .then((live) => live.readLiveCount(readProps(element) as ShownCount))
    .then(
      (changed) => {
        if (changed) void hydrateIsland(element);
      },
      (error: unknown) => console.error("tickets: cannot read the live count", error),
    );
}

/**
 * The analytics consent banner (decision 011), read once the browser is idle: for a visitor who has
 * not answered, it wakes, to ask; for one who has, Metrika is loaded after a yes without React. A
 * press on the button that asks to change the answer (the footer's) wakes it, held and replayed once
 * it is awake, from the start.
 */
function wakeForConsent(element: HTMLElement): void {
  const ask = (event: MouseEvent) => {
    // services/consent.ts's CONSENT_SETTINGS_SELECTOR, written again: importing it would make that
    // module a chunk the entry must fetch before it runs
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-cookie-settings]") : null;
    if (!button || !event.isTrusted) return;
    document.removeEventListener("click", ask, true);
    if (element.dataset.hydrated === "true") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // a banner whose code could not be loaded has said so (hydrateIsland); the press has nothing to reopen
    void hydrateIsland(element).then(
      () => button.click(),
      () => undefined,
    );
  };
  document.addEventListener("click", ask, true);
  idle(() => {
    void Promise.all([visitModule(), consentModule()]).then(
      ([{ readCookie }, { CONSENT_COOKIE, parseConsent }]) => {
        const consent = parseConsent(readCookie(CONSENT_COOKIE));
        if (consent === null) void hydrateIsland(element);
        else if (consent === "granted") {
          const { counterId } = readProps(element) as { counterId?: string };
          if (counterId) void loadChunk(() => import("./metrika")).then((metrika) => metrika.loadMetrika(Number(counterId)));
        }
      },
      // the banner reads the cookie itself (it opens only for a visitor who has not answered), if its code can come
      (error: unknown) => {
        console.error("consent: the visit's modules did not load", error);
        void hydrateIsland(element);
      },
    );
  });
}

/**
 * Hydrates every island of the page by its strategy: at once, when (nearly) visible, on first
 * interaction, when a live count differs from the page's, at once for a visitor who came with a
 * campaign (whose promo it shows), or for the analytics consent, when it must ask.
 */
export function hydrateIslands(root: ParentNode = document): void {
  /** The empty islands a watched box stands for (the promo dock for its discount bar). */
  const standIns = new Map<Element, HTMLElement[]>();
  const wake = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const islands = standIns.get(entry.target) ?? [entry.target.closest<HTMLElement>("[data-island]")];
      for (const island of islands) if (island) void hydrateIsland(island);
    }
  };
  // an island the server rendered wakes as it comes within 200 px of the screen
  const visible = new IntersectionObserver(wake, { rootMargin: "200px" });
  // one the server rendered empty (the promo dock's discount bar, shown once its promo is known)
  // wakes a screen ahead, where it stands, so what it renders is there before the visitor scrolls
  // to it and moves nothing they see
  const ahead = new IntersectionObserver(wake, { rootMargin: "100% 0px" });
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) {
    const strategy = element.dataset.hydrate;
    // the marker is `display: contents` and has no box of its own: watch what it renders, or the
    // box it stands in when the server rendered nothing in it
    if (strategy === "visible") {
      const shown = element.firstElementChild;
      const box = element.parentElement;
      // a tap on a button of it before it has woken (a phone scrolling fast) is held and replayed;
      // a link, a field or a form's button does at once what it does without JavaScript
      wakeOnInteraction(element);
      if (shown) visible.observe(shown);
      else if (box) {
        standIns.set(box, [...(standIns.get(box) ?? []), element]);
        ahead.observe(box);
      } else void hydrateIsland(element);
    } else if (strategy === "interaction") hydrateOnInteraction(element);
    else if (strategy === "live") wakeWhenChanged(element);
    else if (strategy === "consent") wakeForConsent(element);
    else if (strategy === "campaign") {
      void visitModule().then(
        ({ visitCampaign }) => {
          if (visitCampaign()) void hydrateIsland(element);
        },
        (error: unknown) => console.error("promo: the visit's module did not load", error),
      );
    } else void hydrateIsland(element);
  }
}
