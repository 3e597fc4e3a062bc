/**
 * The platform's invoker commands (a button's `commandfor` and `command`: HTML's "invoker commands",
 * in Chromium 135, Firefox 144 and Safari 26.2), which React 19 passes through as written but does
 * not type yet: the burger opens the mobile menu by them (Header.island.tsx).
 */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
