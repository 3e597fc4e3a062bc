import { useState } from "react";
import { defineIsland } from "../island";
import { ChevronDownIcon } from "../ui/icons";
import { NavAnchor } from "./header/InstitutePopup";
import type { NavColumn } from "./navigation";

/**
 * The three footer columns (spec 2.5). Up to 768px wide they are an accordion with one column
 * open at a time, and clicking the open one closes it; wider, every column is always shown.
 */
function FooterNav({ columns }: { columns: NavColumn[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <nav className="footer-nav" aria-label="Разделы сайта">
      {columns.map((column, index) => {
        const expanded = open === index;
        const listId = `footer-column-${index}`;
        return (
          <section key={column.title} className={`footer-nav__column${expanded ? " is-open" : ""}`}>
            <h2 className="footer-nav__heading">
              <button
                type="button"
                className="footer-nav__toggle"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {column.title}
                <ChevronDownIcon />
              </button>
            </h2>
            <ul id={listId} className="footer-nav__list">
              {column.links.map((link) => (
                <li key={link.label}>
                  <NavAnchor link={link} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}

export default defineIsland("layout/FooterNav", FooterNav, "visible");
