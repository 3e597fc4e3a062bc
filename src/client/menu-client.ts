import type { MenuSection } from "../services/catalogue/menu";
import { menuClient } from "./api";

/** The program menu of the page's version: fetched once, when the visitor first reaches for it. */
let menu: { version: string; sections: Promise<MenuSection[]> } | undefined;

export function programMenuSections(version: string): Promise<MenuSection[]> {
  if (menu?.version === version) return menu.sections;
  const sections = menuClient.menu
    .$get({ query: { v: version } })
    .then((response) => {
      if (response.status !== 200) throw new Error(`menu: ${response.status}`);
      return response.json();
    })
    .then((body) => body.sections)
    .catch((error: unknown) => {
      // the next attempt asks again
      if (menu?.sections === sections) menu = undefined;
      throw error;
    });
  menu = { version, sections };
  return sections;
}
