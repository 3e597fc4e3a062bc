/**
 * The footer's columns as an accordion (components/layout/FooterNav.tsx): a toggle opens its
 * column and closes the others; the open one's toggle closes it. The CSS shows the lists as an
 * accordion up to 768px only, so wider the toggles change nothing a visitor sees.
 */
export function installFooterAccordion(): void {
  document.addEventListener("click", (event) => {
    const toggle = (event.target as Element | null)?.closest?.(".footer-nav__toggle");
    const nav = toggle?.closest(".footer-nav");
    if (!toggle || !nav) return;
    const opening = toggle.getAttribute("aria-expanded") !== "true";
    for (const column of nav.querySelectorAll(".footer-nav__column")) {
      const button = column.querySelector(".footer-nav__toggle");
      const open = opening && button === toggle;
      column.classList.toggle("is-open", open);
      button?.setAttribute("aria-expanded", String(open));
    }
  });
}
