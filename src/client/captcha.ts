/**
 * The captcha in the browser (decisions 010, 045 and 092): the site's own ALTCHA proof of work (the
 * default), or Cloudflare Turnstile or Yandex SmartCaptcha, as the page's settings say.
 *
 * ALTCHA has no script of a third party and nothing to press: when the visitor reaches for a form
 * (a focus, a touch or a key inside it, or a popup opened with its focus inside), the form asks the
 * Worker for a challenge and solves it in the background (altcha-solver.ts, a chunk of its own);
 * the solution waits in a hidden `altcha` field. A proof is spent by a post: the form solves a new
 * one when the visitor reaches for it again.
 *
 * For the third parties: The provider's script loads once, from our own code (no inline
 * snippet), only on pages with a form, and only once the page has loaded: a script that hangs
 * (a host the network throttles) never holds the page's load, its progress bar or any island.
 * Each widget is rendered explicitly into its container inside the form, where it keeps the token
 * in a hidden field that a plain form post sends too.
 *
 * Nothing waits for it: a form sends with the token the widget holds at that moment, or without
 * one, and the server decides (human-check.ts: a lead without a token is taken on the evidence of a
 * visit, within a tighter budget, marked unverified).
 */
import { CAPTCHA_FIELDS, type CaptchaProvider, captchaProviders } from "../services/leads/captcha";
import { answerOf, captchaClient } from "./api";
import { loadChunk } from "./load-chunk";

const WIDGET_SELECTOR = "[data-captcha-widget]";

/** What both providers' explicit-render APIs have in common. */
interface CaptchaApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | number | undefined;
  reset(widgetId: string | number): void;
}

declare global {
  interface Window {
    turnstile?: CaptchaApi;
    smartCaptcha?: CaptchaApi;
    /** SmartCaptcha's script calls it when its API is ready (`?render=onload&onload=…`) */
    __smartCaptchaReady?: () => void;
  }
}

type ThirdParty = Exclude<CaptchaProvider, "altcha">;

/** Each third party's script, how its API is found, and the options of a widget. */
const PROVIDERS = {
  turnstile: {
    script: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    api: () => window.turnstile,
    options: (sitekey: string) => ({ sitekey, language: "ru", "response-field-name": CAPTCHA_FIELDS.turnstile, "refresh-expired": "auto" }),
  },
  smartcaptcha: {
    script: "https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload=__smartCaptchaReady",
    api: () => window.smartCaptcha,
    options: (sitekey: string) => ({ sitekey, hl: "ru" }),
  },
} as const satisfies Record<ThirdParty, { script: string; api: () => CaptchaApi | undefined; options: (sitekey: string) => Record<string, unknown> }>;

/** The page's provider, from the settings on <html>. */
function pageCaptcha(): CaptchaProvider | undefined {
  const provider = document.documentElement.dataset.captcha;
  return (captchaProviders as readonly (string | undefined)[]).includes(provider) ? (provider as CaptchaProvider) : undefined;
}

/** A form's ALTCHA: its hidden field, whether the visitor has reached for the form, and which solve is the latest. */
interface Altcha {
  input: HTMLInputElement;
  started: boolean;
  generation: number;
}

const altchas = new WeakMap<HTMLElement, Altcha>();

/** Asks for a challenge and solves it into the field; a later solve (after a post) supersedes it. Nothing waits for it: a form sent before it ends goes without. */
async function solveInto(altcha: Altcha): Promise<void> {
  const generation = ++altcha.generation;
  altcha.input.value = "";
  try {
    const answer = await answerOf(await captchaClient.captcha.challenge.$get());
    if (!answer?.ok) return;
    const { solveProof } = await loadChunk(() => import("./altcha-solver"));
    const token = await solveProof(answer.challenge);
    if (token && generation === altcha.generation) altcha.input.value = token;
  } catch (error) {
    // a network that failed the challenge: the form goes without a proof, and the server decides (decision 045)
    console.error(error);
  }
}

/** Starts solving when the visitor reaches for the form (at once if they are in it already, when it first shows). */
function awaitVisitor(container: HTMLElement, altcha: Altcha, atOnceIfInside: boolean): void {
  const start = () => {
    if (altcha.started) return;
    altcha.started = true;
    void solveInto(altcha);
  };
  const form = container.closest("form");
  if (!form || (atOnceIfInside && form.contains(document.activeElement))) {
    start();
    return;
  }
  for (const type of ["focusin", "pointerdown", "keydown", "input"]) form.addEventListener(type, start, { once: true, passive: true });
}

/** Puts the hidden field in the container; the solving waits for the visitor. */
function armAltcha(container: HTMLElement): void {
  if (altchas.has(container)) return;
  const input = document.createElement("input");
  input.type = "hidden";
  input.name = CAPTCHA_FIELDS.altcha;
  container.appendChild(input);
  const altcha: Altcha = { input, started: false, generation: 0 };
  altchas.set(container, altcha);
  awaitVisitor(container, altcha, true);
}

/** Resolves once the page's load event has fired: a script added before it would hold the event while it hangs. */
function pageLoaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

let loading: Promise<CaptchaApi> | undefined;

function loadApi(provider: ThirdParty): Promise<CaptchaApi> {
  const { script: src, api } = PROVIDERS[provider];
  loading ??= pageLoaded().then(
    () =>
      new Promise<CaptchaApi>((resolve, reject) => {
        const ready = api();
        if (ready) return resolve(ready);
        const found = () => {
          const loaded = api();
          if (loaded) resolve(loaded);
          else reject(new Error(`${provider}: no API after load`));
        };
        // SmartCaptcha announces its API with the callback its address names; Turnstile's is there at the script's load
        if (provider === "smartcaptcha") window.__smartCaptchaReady = found;
        const script = document.createElement("script");
        script.src = src;
        script.async = true;
        if (provider === "turnstile") script.addEventListener("load", found);
        script.addEventListener("error", () => {
          loading = undefined;
          reject(new Error(`${provider}: the script did not load`));
        });
        document.head.appendChild(script);
      }),
  );
  return loading;
}

const widgets = new WeakMap<HTMLElement, Promise<string | number | undefined>>();

/** Renders the widget into its container once, however many times it is asked. */
export function renderCaptcha(container: HTMLElement): Promise<string | number | undefined> {
  let widget = widgets.get(container);
  if (!widget) {
    const provider = pageCaptcha();
    if (!provider) return Promise.resolve(undefined);
    if (provider === "altcha") {
      armAltcha(container);
      return Promise.resolve(undefined);
    }
    const sitekey = container.dataset.sitekey ?? "";
    widget = loadApi(provider).then((api) => api.render(container, PROVIDERS[provider].options(sitekey)));
    widget.catch((error) => {
      widgets.delete(container);
      console.error(error);
    });
    widgets.set(container, widget);
  }
  return widget;
}

/** Every widget of the page, before any island hydrates: a form posted at once still carries a token. */
export function renderCaptchas(root: Document | HTMLElement = document): void {
  for (const container of root.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) void renderCaptcha(container);
}

/**
 * A token is good for one check: after a post, the form's widgets make a new one. `again`: the post
 * was refused or failed, and the visitor will send the form again: ALTCHA's new proof is solved at
 * once, so it is ready by the next press; after a lead that went, only if they come back to the form.
 */
export async function resetCaptchas(form: HTMLElement, { again = false }: { again?: boolean } = {}): Promise<void> {
  const provider = pageCaptcha();
  if (!provider) return;
  for (const container of form.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) {
    const altcha = altchas.get(container);
    if (altcha) {
      altcha.generation += 1;
      altcha.input.value = "";
      if (again) {
        altcha.started = true;
        void solveInto(altcha);
      } else {
        altcha.started = false;
        awaitVisitor(container, altcha, false);
      }
      continue;
    }
    if (provider === "altcha") continue;
    const id = await widgets.get(container)?.catch(() => undefined);
    if (id !== undefined) PROVIDERS[provider].api()?.reset(id);
  }
}

/** The token a widget of this form holds, under its provider's field, for a post made with fetch; none when there is none yet. */
export function captchaToken(form: HTMLFormElement): Partial<Record<(typeof CAPTCHA_FIELDS)[CaptchaProvider], string>> {
  const provider = pageCaptcha();
  if (!provider) return {};
  const field = CAPTCHA_FIELDS[provider];
  const value = new FormData(form).get(field);
  return typeof value === "string" && value !== "" ? { [field]: value } : {};
}
