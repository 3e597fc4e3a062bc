import { ChevronDownIcon } from "../ui/icons";
import { NavAnchor } from "./header/InstitutePopup";
import type { NavColumn } from "./navigation";

/**
 * The three footer columns (spec 2.5). Up to 768px wide they are an accordion with one column
 * open at a time, and clicking the open one closes it (src/client/footer-accordion.ts); wider,
 * and without JavaScript, every column is always shown. Not an island: the page carries no
 * copy of the columns as props for it (decision 062).
 */
export function FooterNav({ columns }: { columns: NavColumn[] }) {
  return (
    <nav className="footer-nav" aria-label="Разделы сайта">
      {columns.map((column, index) => {
        const listId = `footer-column-${index}`;
        return (
          <section key={column.title} className="footer-nav__column">
            <h2 className="footer-nav__heading">
              <button type="button" className="footer-nav__toggle" aria-expanded={false} aria-controls={listId}>
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
