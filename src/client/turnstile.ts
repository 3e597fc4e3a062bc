/**
 * Cloudflare Turnstile in the browser (decision 010): the script loads once, from our own code
 * (no inline snippet), only on pages with a form, and each widget is rendered explicitly into its
 * container inside the form, where it keeps the token in a hidden field that a plain form post
 * sends too.
 */
import { TURNSTILE_FIELD } from "../services/leads/turnstile";

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const WIDGET_SELECTOR = "[data-turnstile-widget]";

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined;
  reset(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | undefined;

function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.addEventListener("load", () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile: no API after load"))));
    script.addEventListener("error", () => {
      loading = undefined;
      reject(new Error("turnstile: the script did not load"));
    });
    document.head.appendChild(script);
  });
  return loading;
}

const widgets = new WeakMap<HTMLElement, Promise<string | undefined>>();

/** Renders the widget into its container once, however many times it is asked. */
export function renderTurnstile(container: HTMLElement): Promise<string | undefined> {
  let widget = widgets.get(container);
  if (!widget) {
    const sitekey = container.dataset.sitekey ?? "";
    widget = loadTurnstile().then((turnstile) =>
      turnstile.render(container, { sitekey, language: "ru", "response-field-name": TURNSTILE_FIELD, "refresh-expired": "auto" }),
    );
    widget.catch((error) => {
      widgets.delete(container);
      console.error(error);
    });
    widgets.set(container, widget);
  }
  return widget;
}

/** Every widget of the page, before any island hydrates: a form posted at once still carries a token. */
export function renderTurnstiles(root: Document | HTMLElement = document): void {
  for (const container of root.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) void renderTurnstile(container);
}

/** A token is good for one check: after a post, the form's widgets make a new one. */
export async function resetTurnstiles(form: HTMLElement): Promise<void> {
  for (const container of form.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) {
    const id = await widgets.get(container)?.catch(() => undefined);
    if (id !== undefined) window.turnstile?.reset(id);
  }
}

/** The token a widget of this form holds, for a post made with fetch. */
export function turnstileToken(form: HTMLFormElement): string | undefined {
  const value = new FormData(form).get(TURNSTILE_FIELD);
  return typeof value === "string" && value !== "" ? value : undefined;
}
