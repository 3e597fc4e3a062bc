import { ChevronDownIcon, UserIcon } from "../../ui/icons";
import { CloseButton } from "../../ui/Button";
import { ContactList, NavAnchor } from "./InstitutePopup";
import MobileSearch from "./MobileSearch.island";
import type { HeaderProps } from "./types";

/** The mobile menu's id: the burger names it (Header.island.tsx), the client's script opens it (client/mobile-menu.ts, which writes it again). */
export const MOBILE_MENU_ID = "mobile-menu";

type MobileMenuProps = Pick<HeaderProps, "instituteColumns" | "singleLinks" | "contacts" | "area" | "searchVersion" | "thanks"> & {
  /** the distance-learning system's address */
  accountUrl: string;
};

/**
 * The mobile menu of spec 2.3: a modal dialog drawn by the server after the footer (not in the
 * header: its 4 KB come after the first screen's bytes), that opens and closes without React
 * (issue 41, point 3). The burger opens it by the platform's invoker command or, where the browser
 * has none, by client/mobile-menu.ts, which also closes it on a swipe to the right, a press beside it
 * or the page left. Its sections are an exclusive <details> group, its close button a dialog form's,
 * Escape the browser's; only its search box is an island, woken when the visitor reaches for it.
 * While it is open the page does not scroll (base.css).
 */
export function MobileMenu({ instituteColumns, singleLinks, contacts, area, accountUrl, searchVersion, thanks }: MobileMenuProps) {
  return (
    <dialog className="mobile-menu" id={MOBILE_MENU_ID} data-testid="mobile-menu" aria-labelledby="mobile-menu-title">
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <span className="mobile-menu__title" id="mobile-menu-title">
            Меню
          </span>
          <form method="dialog">
            <CloseButton />
          </form>
        </div>
        <MobileSearch version={searchVersion} thanks={thanks} area={area} />
        <a className="mobile-menu__programs" href="/programs">
          Программы обучения
        </a>
        {instituteColumns.map((column) => (
          <details key={column.title} className="accordion" name="mobile-menu-section">
            <summary className="accordion__toggle">
              {column.title}
              <ChevronDownIcon />
            </summary>
            <ul className="accordion__panel">
              {column.links.map((link) => (
                <li key={link.label}>
                  <NavAnchor link={link} />
                </li>
              ))}
            </ul>
          </details>
        ))}
        <ul className="mobile-menu__singles">
          {singleLinks.map((link) => (
            <li key={link.label}>
              <NavAnchor link={link} />
            </li>
          ))}
        </ul>
        <a className="mobile-menu__account" href={accountUrl} target="_blank" rel="noopener noreferrer">
          <UserIcon /> Личный кабинет
        </a>
        <ContactList contacts={contacts} />
      </div>
    </dialog>
  );
}
