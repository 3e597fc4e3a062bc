/**
 * The institute's mark, as public/images/logo.svg draws it, as a data URI: the header shows it from
 * the page's own bytes, without a request a throttled connection may never answer (decision 041).
 */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="33" height="40" viewBox="0 0 33 40"><path fill="#6f01c6" d="M16.5 0 33 9.5v21L16.5 40 0 30.5v-21z"/><path fill="#fff" d="M9 27V13l7.5 8.5L24 13v14h-3v-7l-4.5 5-4.5-5v7z"/></svg>';

/** Percent-encoded where a URL or an attribute needs it; the rest stays readable and short. */
export const LOGO_DATA_URI = `data:image/svg+xml,${LOGO_SVG.replace(/[%#<>"' ]/g, (char) => encodeURIComponent(char))}`;

/** The markup itself, for the check that it is public/images/logo.svg's. */
export const logoSvg = (): string => LOGO_SVG;
