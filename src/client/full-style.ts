/**
 * The full stylesheet is not named in the page for the browser to fetch while it parses: the head
 * carries the CSS the page's template uses (decision 041), and the stylesheet, which adds only what
 * the page's later states use (menus, popups, hover), is asked for once the first screen has
 * painted, so it never shares the first round trips with the page. The client's loader tag names
 * it (`data-full-style`, decision 063); without JavaScript the copy in <noscript> applies.
 */
export function applyFullStyle(): void {
  const script = document.querySelector<HTMLScriptElement>("script[data-full-style]");
  const href = script?.dataset.fullStyle;
  if (!script || !href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  // where the page's own link stood: after the inlined CSS, so the cascade is the same
  script.parentNode?.insertBefore(link, script);
}

/**
 * Runs `then` after the browser has painted the page once (the frame after the first); at once in a
 * tab opened in the background, which paints no frame until it is shown (a catalogue page opened
 * with a middle click would otherwise ask for its stylesheet only when the visitor switches to it).
 */
export function afterFirstPaint(then: () => void): void {
  if (document.visibilityState === "hidden") then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}
