/**
 * The platform's invoker commands (a button's `commandfor` and `command`: HTML's "invoker commands",
 * in Chromium 135, Firefox 144 and Safari 26.2), which React 19 passes through as written but does
 * not type yet: the burger opens the mobile menu by them (Header.island.tsx). And a popover's
 * invoker, `popovertarget`, written as HTML writes it: React types it `popoverTarget` but writes
 * that name as it is (the program menu's button, Header.island.tsx).
 */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    popovertarget?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
