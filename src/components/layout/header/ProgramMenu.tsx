import type { MenuSection } from "../../../services/catalogue/menu";
import { abbreviationLegend, abbreviations } from "../../../services/catalogue/tags";
import { pluralize } from "../../../services/text";
import { ArrowRightIcon, SearchIcon } from "../../ui/icons";

/** The program menu's id: the header's button names it, client/program-menu.ts (which writes it again) finds it. */
export const PROGRAM_MENU_ID = "program-menu";

/**
 * The program menu of spec 2.4, drawn by the server after the footer (decision 097): an auto popover
 * that the header's button opens by `popovertarget` the moment it is pressed, before any island has
 * woken (issue 41, point 3); light dismiss (a press outside, Escape) and one-open-at-a-time are the
 * browser's. Six types with their counts; the list of each type is here, the first shown, the others
 * `hidden` until the pointer or the focus selects their type (client/program-menu.ts).
 */
export function ProgramMenu({ sections }: { sections: MenuSection[] }) {
  return (
    <nav className="program-menu" id={PROGRAM_MENU_ID} data-testid="program-menu" popover="auto" aria-label="Программы обучения">
      <ul className="program-menu__types" aria-label="Типы программ">
        {sections.map((section, index) => (
          <li key={section.type}>
            <button type="button" className="program-menu__type" data-type={section.type} aria-pressed={index === 0} aria-controls={`program-menu-${section.type}`}>
              <span>{section.label}</span>
              <span className="program-menu__count" data-testid={`count-${section.type}`}>
                {section.count}
              </span>
            </button>
          </li>
        ))}
        <li>
          {/* the search page, or once client/program-menu.ts has come, the header's search box */}
          <a className="program-menu__search" href="/search">
            <SearchIcon /> Найти программу
          </a>
        </li>
      </ul>
      {sections.map((section, index) => (
        <TypeList key={section.type} section={section} hidden={index !== 0} />
      ))}
    </nav>
  );
}

function TypeList({ section, hidden }: { section: MenuSection; hidden: boolean }) {
  const legend = abbreviationLegend(section.items.map((item) => item.tag));
  return (
    <div className="program-menu__list" id={`program-menu-${section.type}`} data-type={section.type} hidden={hidden}>
      <p className="program-menu__heading">
        {section.label}: {pluralize(section.count, ["программа", "программы", "программ"])}
      </p>
      <ul>
        {section.items.map((item) => (
          <li key={item.href}>
            <a href={item.href}>
              {item.tag in abbreviations ? (
                <abbr className="program-menu__tag" title={abbreviations[item.tag]}>
                  {item.tag}
                </abbr>
              ) : (
                <span className="program-menu__tag">{item.tag}</span>
              )}
              <span>{item.title}</span>
            </a>
          </li>
        ))}
      </ul>
      {legend ? <p className="program-menu__legend">{legend}</p> : null}
      <a className="program-menu__all" href={section.href}>
        Смотреть все <ArrowRightIcon />
      </a>
    </div>
  );
}
