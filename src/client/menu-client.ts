import type { MenuSection } from "../services/catalogue/menu";

/** The program menu of the page's version: fetched once, when the visitor first reaches for it. */
let menu: { version: string; sections: Promise<MenuSection[]> } | undefined;

export function programMenuSections(version: string): Promise<MenuSection[]> {
  if (menu?.version === version) return menu.sections;
  const sections = fetch(`/api/menu?v=${encodeURIComponent(version)}`)
    .then((response) => {
      if (!response.ok) throw new Error(`menu: ${response.status}`);
      return response.json() as Promise<{ sections: MenuSection[] }>;
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
