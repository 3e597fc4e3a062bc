import { ClockIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "../../ui/icons";
import type { NavColumn, NavLink } from "../navigation";
import type { HeaderContacts, PhoneLink } from "./types";

interface InstitutePopupProps {
  id: string;
  columns: NavColumn[];
  singleLinks: NavLink[];
  contacts: HeaderContacts;
  onNavigate: () => void;
}

export function NavAnchor({ link, onClick }: { link: NavLink; onClick?: () => void }) {
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {link.label}
    </a>
  ) : (
    <a href={link.href} onClick={onClick}>
      {link.label}
    </a>
  );
}

/** A line with its department, where it serves when not Russia, and what it speaks besides Russian. */
function PhoneItem({ phone, department }: { phone: PhoneLink; department: string }) {
  return (
    <li>
      <PhoneIcon />
      <div>
        <a href={phone.href}>{phone.display}</a>
        <span className="contact-list__note">{phone.place ? `${department}, ${phone.place}` : department}</span>
        {phone.languages ? <span className="contact-list__note contact-list__languages">{phone.languages}</span> : null}
      </div>
    </li>
  );
}

/** The contacts of the popup and the mobile menu: the visitor's area's lines and office first (layout/contacts.ts). */
export function ContactList({ contacts }: { contacts: HeaderContacts }) {
  return (
    <ul className="contact-list">
      {contacts.admissions.map((phone) => (
        <PhoneItem key={phone.href} phone={phone} department="приёмная комиссия" />
      ))}
      {contacts.curators.map((phone) => (
        <PhoneItem key={phone.href} phone={phone} department="отдел кураторов" />
      ))}
      <li>
        <WhatsAppIcon />
        <a href={contacts.whatsapp} target="_blank" rel="noopener noreferrer">
          Написать в WhatsApp
        </a>
      </li>
      <li>
        <ClockIcon />
        <span data-fact="admissions-hours">{contacts.hours}</span>
      </li>
      {contacts.addresses.map((address) => (
        <li key={address}>
          <MapPinIcon />
          <span>{address}</span>
        </li>
      ))}
    </ul>
  );
}

/** The 'Ещё' popup of spec 2.3: two columns, single links and contacts; a link click closes it. */
export function InstitutePopup({ id, columns, singleLinks, contacts, onNavigate }: InstitutePopupProps) {
  return (
    <div className="institute-popup" id={id} data-testid="institute-popup">
      {columns.map((column) => (
        <section key={column.title} className="institute-popup__column">
          <h2 className="institute-popup__title">{column.title}</h2>
          <ul>
            {column.links.map((link) => (
              <li key={link.label}>
                <NavAnchor link={link} onClick={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="institute-popup__column">
        <ul className="institute-popup__singles">
          {singleLinks.map((link) => (
            <li key={link.label}>
              <NavAnchor link={link} onClick={onNavigate} />
            </li>
          ))}
        </ul>
      </section>
      <section className="institute-popup__column institute-popup__contacts">
        <h2 className="institute-popup__title">Контакты</h2>
        <ContactList contacts={contacts} />
      </section>
    </div>
  );
}
