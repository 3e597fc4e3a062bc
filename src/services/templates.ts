/**
 * How a page's kind is drawn. Each template's first screen gets the CSS it uses inlined in the
 * document (scripts/critical-css.ts writes it at build time, decision 041): pages of one kind share
 * their rules, so a template's CSS is the union over its pages.
 */
export const TEMPLATES = ["home", "detail", "list", "article", "info", "form"] as const;
export type Template = (typeof TEMPLATES)[number];
