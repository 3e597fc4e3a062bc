import { useState } from "react";
import type { MenuSection, MenuType } from "../../../services/catalogue/menu";
import { abbreviationLegend, abbreviations } from "../../../services/catalogue/tags";
import { pluralize } from "../../../services/text";
import { ArrowRightIcon, SearchIcon } from "../../ui/icons";

interface ProgramMenuProps {
  /** null while the menu is on its way; "failed" when it could not be fetched */
  sections: MenuSection[] | null | "failed";
  id: string;
  onNavigate: () => void;
  onSearch: () => void;
}

/** The program menu of spec 2.4: six types with counts; hovering a type lists its programs. */
export function ProgramMenu({ sections, id, onNavigate, onSearch }: ProgramMenuProps) {
  const [selected, setSelected] = useState<MenuType>("all");
  if (sections === null || sections === "failed") {
    return (
      <div className="program-menu program-menu--status" id={id} data-testid="program-menu" aria-busy={sections === null}>
        {sections === null ? (
          <p role="status">Загружаем программы…</p>
        ) : (
          <p role="alert">
            Не удалось загрузить меню.{" "}
            <a href="/programs" onClick={onNavigate}>
              Все программы
            </a>
          </p>
        )}
      </div>
    );
  }
  const current = sections.find((s) => s.type === selected) ?? sections[0];
  if (!current) return null;
  const legend = abbreviationLegend(current.items.map((item) => item.tag));
  return (
    <div className="program-menu" id={id} data-testid="program-menu">
      <ul className="program-menu__types" aria-label="Типы программ">
        {sections.map((section) => (
          <li key={section.type}>
            <button
              type="button"
              className="program-menu__type"
              data-type={section.type}
              aria-pressed={section.type === selected}
              onMouseEnter={() => setSelected(section.type)}
              onFocus={() => setSelected(section.type)}
              onClick={() => setSelected(section.type)}
            >
              <span>{section.label}</span>
              <span className="program-menu__count" data-testid={`count-${section.type}`}>
                {section.count}
              </span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="program-menu__search" onClick={onSearch}>
            <SearchIcon /> Найти программу
          </button>
        </li>
      </ul>
      <div className="program-menu__list" aria-live="polite">
        <p className="program-menu__heading">
          {current.label}: {pluralize(current.count, ["программа", "программы", "программ"])}
        </p>
        <ul>
          {current.items.map((item) => (
            <li key={item.href}>
              <a href={item.href} onClick={onNavigate}>
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
        <a className="program-menu__all" href={current.href} onClick={onNavigate}>
          Смотреть все <ArrowRightIcon />
        </a>
      </div>
    </div>
  );
}
