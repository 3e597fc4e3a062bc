import { closeMobileMenu } from "../../../client/mobile-menu";
import { defineIsland } from "../../island";
import { HeaderSearch } from "./HeaderSearch";
import type { HeaderProps } from "./types";

/** The mobile menu's search box (MobileMenu.tsx): always shown there; closing it closes the menu. */
function MobileSearch({ version, thanks, area }: { version: string } & Pick<HeaderProps, "thanks" | "area">) {
  return <HeaderSearch id="mobile-search" open alwaysOpen onOpen={() => undefined} onClose={closeMobileMenu} version={version} thanks={thanks} area={area} />;
}

export default defineIsland("layout/header/MobileSearch", MobileSearch, "interaction");
