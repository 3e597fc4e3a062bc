import type { VisitorArea } from "../../../services/visitor-area";
import type { ThankYouProps } from "../../forms/ThankYou";
import type { NavColumn, NavLink } from "../navigation";

export interface PhoneLink {
  href: string;
  display: string;
  /** the countries a line serves, when it does not serve Russia («Казахстан») */
  place?: string;
  /** what it speaks besides Russian («говорим по-казахски») */
  languages?: string;
}

/** The header's contacts for the visitor's area (layout/contacts.ts): theirs first. */
export interface HeaderContacts {
  admissions: PhoneLink[];
  curators: PhoneLink[];
  whatsapp: string;
  hours: string;
  addresses: string[];
}

export interface HeaderProps {
  siteName: string;
  mainNav: NavLink[];
  instituteColumns: NavColumn[];
  singleLinks: NavLink[];
  contacts: HeaderContacts;
  /** the visitor's area: the nothing-found form's phone picker starts there */
  area: VisitorArea;
  /** the content version: the browser's search index must match the page */
  searchVersion: string;
  thanks: ThankYouProps;
}
