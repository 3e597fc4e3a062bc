import type { ThankYouProps } from "../../forms/ThankYou";
import type { NavColumn, NavLink } from "../navigation";

export interface PhoneLink {
  href: string;
  display: string;
}

export interface HeaderContacts {
  admissions: PhoneLink[];
  curators: PhoneLink;
  whatsapp: string;
  hours: string;
  address: string;
}

export interface HeaderProps {
  siteName: string;
  mainNav: NavLink[];
  instituteColumns: NavColumn[];
  singleLinks: NavLink[];
  contacts: HeaderContacts;
  accountUrl: string;
  lowVision: boolean;
  /** the content version: the browser's search index must match the page */
  searchVersion: string;
  /** the program menu's version (content and deployed code): `/api/menu?v=` */
  menuVersion: string;
  thanks: ThankYouProps;
}
