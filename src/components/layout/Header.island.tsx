import { useCallback, useMemo, useRef } from "react";
import { defineIsland } from "../island";
import { type HeaderPanel, openHeaderPanel, useSignalValue } from "../state/signals";
import { LOGO_DATA_URI } from "../ui/logo-mark";
import { DrawnChevronDownIcon, DrawnEyeIcon, DrawnMenuIcon, DrawnPhoneIcon } from "../ui/icons";
import { ACCOUNT_PANEL_ID } from "./header/AccountDropdown";
import { HeaderSearch } from "./header/HeaderSearch";
import { InstitutePopup } from "./header/InstitutePopup";
import { MOBILE_MENU_ID } from "./header/MobileMenu";
import { PROGRAM_MENU_ID } from "./header/ProgramMenu";
import type { HeaderProps } from "./header/types";
import { useDismiss } from "./header/useDismiss";

const close = () => {
  openHeaderPanel.value = null;
};
const toggle = (panel: HeaderPanel) => {
  openHeaderPanel.value = openHeaderPanel.value === panel ? null : panel;
};

/** The header of spec 2.3: one island, since its panels share who is open. */
function Header({ siteName, mainNav, instituteColumns, singleLinks, contacts, area, searchVersion, thanks }: HeaderProps) {
  const panel = useSignalValue(openHeaderPanel);
  const instituteRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const instituteInside = useMemo(() => [instituteRef], []);
  const searchInside = useMemo(() => [searchRef], []);
  const dismiss = useCallback(close, []);

  useDismiss(panel === "institute", instituteInside, dismiss);
  useDismiss(panel === "search", searchInside, dismiss);

  const primaryPhone = contacts.admissions[0];

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <a className="logo" href="/">
          <img className="lv-keep" src={LOGO_DATA_URI} width={33} height={40} alt="" />
          <span className="logo__name">{siteName}</span>
        </a>

        <div className="header-dropdown header-dropdown--programs">
          {/* opens the menu the server drew after the footer, without React, the moment it is pressed (ProgramMenu.tsx, client/program-menu.ts) */}
          <button type="button" className="btn btn--violet header-programs-btn" popoverTarget={PROGRAM_MENU_ID}>
            <span className="btn__label">Программы обучения</span>
            <DrawnChevronDownIcon />
          </button>
        </div>

        <div className="header-search-slot" ref={searchRef}>
          <HeaderSearch
            id="header-search"
            open={panel === "search"}
            onOpen={() => (openHeaderPanel.value = "search")}
            onClose={close}
            version={searchVersion}
            thanks={thanks}
            area={area}
          />
        </div>

        <div className="site-header__actions">
          {primaryPhone ? (
            <a className="header-phone" href={primaryPhone.href} aria-label={`Позвонить в приёмную комиссию: ${primaryPhone.display}`}>
              <DrawnPhoneIcon />
              <span className="header-phone__number">{primaryPhone.display}</span>
            </a>
          ) : null}

          {/* opens the panel the server drew after the footer, without React, the moment it is pressed (AccountDropdown.tsx, decision 100) */}
          <button type="button" className="icon-btn" aria-label="Версия для слабовидящих и вход в личный кабинет" popoverTarget={ACCOUNT_PANEL_ID}>
            <DrawnEyeIcon />
          </button>

          <div className="header-dropdown header-dropdown--institute" ref={instituteRef}>
            <button
              type="button"
              className="header-more"
              aria-expanded={panel === "institute"}
              aria-controls="institute-popup"
              onClick={() => toggle("institute")}
            >
              Ещё
              <DrawnChevronDownIcon />
            </button>
            {panel === "institute" ? (
              <InstitutePopup id="institute-popup" columns={instituteColumns} singleLinks={singleLinks} contacts={contacts} onNavigate={close} />
            ) : null}
          </div>

          {/* opens the menu without React, the moment it is pressed (MobileMenu.tsx, client/mobile-menu.ts) */}
          <button type="button" className="icon-btn burger" aria-label="Открыть меню" aria-haspopup="dialog" aria-controls={MOBILE_MENU_ID} commandfor={MOBILE_MENU_ID} command="show-modal">
            <DrawnMenuIcon />
          </button>
        </div>
      </div>

      <nav className="main-nav" aria-label="Основная навигация">
        <ul className="main-nav__list container">
          {mainNav.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>

    </header>
  );
}

export default defineIsland("layout/Header", Header, "interaction");
