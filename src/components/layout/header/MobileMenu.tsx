import { type RefObject, useEffect, useRef, useState } from "react";
import { ChevronDownIcon, UserIcon } from "../../ui/icons";
import { CloseButton } from "../../ui/Button";
import { ContactList, NavAnchor } from "./InstitutePopup";
import { HeaderSearch } from "./HeaderSearch";
import type { HeaderProps } from "./types";

/** A horizontal swipe to the right longer than this closes the menu. */
const SWIPE_CLOSE_PX = 60;

interface MobileMenuProps extends Pick<HeaderProps, "instituteColumns" | "singleLinks" | "contacts" | "area" | "accountUrl" | "searchVersion" | "thanks"> {
  open: boolean;
  onClose: () => void;
  burger: RefObject<HTMLButtonElement | null>;
}

/**
 * The mobile menu of spec 2.3, drawn only while open. While open the page does not scroll; a swipe to the right or a
 * press outside it (other than on the burger, which toggles it itself) closes it.
 */
export function MobileMenu({ open, onClose, burger, instituteColumns, singleLinks, contacts, area, accountUrl, searchVersion, thanks }: MobileMenuProps) {
  const [section, setSection] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const dialog = useRef<HTMLDialogElement>(null);

  // a modal dialog: focus stays inside, Escape closes it, the page behind is inert and does not scroll
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    if (!open) return;
    const root = document.documentElement;
    root.classList.add("scroll-locked");
    const onPointer = (event: Event) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || burger.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer, { passive: true });
    return () => {
      root.classList.remove("scroll-locked");
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
    };
  }, [open, onClose, burger]);

  return (
    <dialog ref={dialog} className="mobile-menu" id="mobile-menu" data-testid="mobile-menu" aria-label="Меню" onClose={onClose}>
      {/* drawn when opened: a closed menu adds nothing to the page's HTML */}
      {open ? (
        <div
          ref={panel}
          className="mobile-menu__panel"
          onTouchStart={(event) => {
            const touch = event.touches[0];
            touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
          }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            const touch = event.changedTouches[0];
            touchStart.current = null;
            if (!start || !touch) return;
            const dx = touch.clientX - start.x;
            const dy = touch.clientY - start.y;
            if (dx > SWIPE_CLOSE_PX && Math.abs(dx) > Math.abs(dy)) onClose();
          }}
        >
          <div className="mobile-menu__top">
            <span className="mobile-menu__title">Меню</span>
            <CloseButton onClick={onClose} />
          </div>
          <HeaderSearch id="mobile-search" open alwaysOpen onOpen={() => undefined} onClose={onClose} version={searchVersion} thanks={thanks} area={area} />
          <a className="mobile-menu__programs" href="/programs">
            Программы обучения
          </a>
          {instituteColumns.map((column) => {
            const expanded = section === column.title;
            const listId = `mobile-section-${column.title === "Об институте" ? "about" : "partners"}`;
            return (
              <section key={column.title} className={`accordion${expanded ? " is-open" : ""}`}>
                <h2 className="accordion__heading">
                  <button
                    type="button"
                    className="accordion__toggle"
                    aria-expanded={expanded}
                    aria-controls={listId}
                    onClick={() => setSection(expanded ? null : column.title)}
                  >
                    {column.title}
                    <ChevronDownIcon />
                  </button>
                </h2>
                <ul id={listId} className="accordion__panel" hidden={!expanded}>
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <NavAnchor link={link} onClick={onClose} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          <ul className="mobile-menu__singles">
            {singleLinks.map((link) => (
              <li key={link.label}>
                <NavAnchor link={link} onClick={onClose} />
              </li>
            ))}
          </ul>
          <a className="mobile-menu__account" href={accountUrl} target="_blank" rel="noopener noreferrer">
            <UserIcon /> Личный кабинет
          </a>
          <ContactList contacts={contacts} />
        </div>
      ) : null}
    </dialog>
  );
}
