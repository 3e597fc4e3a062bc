import type { MenuSection } from "../services/catalogue/menu";

/** The program menu of this content version: fetched once, when the visitor first reaches for it. */
let menu: Promise<MenuSection[]> | undefined;

export function programMenuSections(version: string): Promise<MenuSection[]> {
  menu ??= fetch(`/api/menu?v=${encodeURIComponent(version)}`)
    .then((response) => {
      if (!response.ok) throw new Error(`menu: ${response.status}`);
      return response.json() as Promise<{ sections: MenuSection[] }>;
    })
    .then(({ sections }) => sections)
    .catch((error: unknown) => {
      // the next attempt asks again
      menu = undefined;
      throw error;
    });
  return menu;
}
