import { defineIsland } from "../../island";
import { HeaderSearch } from "./HeaderSearch";
import type { HeaderProps } from "./types";

const nothing = () => undefined;

/** The mobile menu's search box (MobileMenu.tsx): always shown there, so it neither opens nor closes. */
function MobileSearch({ version, thanks, area }: { version: string } & Pick<HeaderProps, "thanks" | "area">) {
  return <HeaderSearch id="mobile-search" open alwaysOpen onOpen={nothing} onClose={nothing} version={version} thanks={thanks} area={area} />;
}

export default defineIsland("layout/header/MobileSearch", MobileSearch, "interaction");
