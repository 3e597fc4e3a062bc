/**
 * The full stylesheet arrives as `media="print"`, so it never holds the first paint: the head
 * carries the CSS the page's template uses (decision 041). Once the client runs, the stylesheet
 * applies to the screen; it adds only what the page's later states use (menus, popups, hover).
 */
export function applyFullStyle(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-full-style]")) link.media = "all";
}
