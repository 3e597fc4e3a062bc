/**
 * The shapes of the site's icons, as SVG markup: one colour (currentColor), a 24×24 box.
 * A page carries the symbols of the icons it drew (decision 063); `npm run build` also writes them
 * into one sprite file (scripts/icons.ts) for the icons the browser draws later. The header's few are drawn
 * inline too: behind a throttled network the sprite may never come, and the first screen must not
 * show empty buttons (decision 041). They are exports of their own, so a bundle takes only those.
 */

/** A line drawing: 2px round strokes in the text colour. */
const stroked = (inner: string) => `<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g>`;
/** A filled glyph in the text colour. */
const filled = (d: string) => `<path fill="currentColor" d="${d}"/>`;

/** The header's shapes, drawn inline as well (icons.tsx `drawn`). */
export const searchShape = /* @__PURE__ */ stroked('<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>');
export const chevronDownShape = /* @__PURE__ */ stroked('<path d="m6 9 6 6 6-6"/>');
export const phoneShape = /* @__PURE__ */ stroked('<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>');
export const menuShape = /* @__PURE__ */ stroked('<path d="M4 7h16M4 12h16M4 17h16"/>');
export const eyeShape = /* @__PURE__ */ stroked('<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"/><circle cx="12" cy="12" r="3"/>');

export const ICON_SHAPES = {
  search: searchShape,
  close: stroked('<path d="M6 6l12 12M18 6 6 18"/>'),
  "chevron-down": chevronDownShape,
  "arrow-right": stroked('<path d="M5 12h14M13 6l6 6-6 6"/>'),
  phone: phoneShape,
  menu: menuShape,
  eye: eyeShape,
  user: stroked('<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>'),
  "map-pin": stroked('<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Z"/><circle cx="12" cy="10" r="2.5"/>'),
  clock: stroked('<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'),
  mail: stroked('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>'),
  licence: stroked('<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z"/><path d="m9 12 2 2 4-4"/>'),
  whatsapp: filled("M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.5.1-.7.3-.2.3-.9.9-.9 2.2s.9 2.5 1 2.7c.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"),
  telegram: filled("M21.4 3.6 2.9 10.7c-1.3.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.4.8.8.8s.6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.3-1.5ZM9.6 14l-.4 4-1.4-4.6L18 7.2 9.6 14Z"),
  vk: filled("M12.8 17.5c-5.9 0-9.3-4-9.4-10.8h3c.1 5 2.3 7.1 4 7.5V6.7h2.8v4.3c1.7-.2 3.5-2.2 4.1-4.3h2.8a8.4 8.4 0 0 1-3.8 5.5 8.7 8.7 0 0 1 4.5 5.3h-3.1a5.4 5.4 0 0 0-4.5-3.9v3.9h-.4Z"),
  youtube: filled("M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3-5.2 3Z"),
  ok: filled("M12 12.3a4.2 4.2 0 1 0 0-8.4 4.2 4.2 0 0 0 0 8.4Zm0-6a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6Zm1.7 9.7a7.9 7.9 0 0 0 2.5-1 1.2 1.2 0 0 0-1.3-2.1 5.4 5.4 0 0 1-5.8 0 1.2 1.2 0 0 0-1.3 2.1c.8.5 1.6.8 2.5 1L7.9 18.4a1.2 1.2 0 0 0 1.7 1.7l2.4-2.4 2.4 2.4a1.2 1.2 0 0 0 1.7-1.7L13.7 16Z"),
  dzen: filled("M12 2c-.1 4.4-.4 6.9-2.1 8.5C8.3 12.2 5.8 12.4 2 12.5v-.5c.1-4.4.4-6.9 2.1-8.5S8.3 2.1 12 2Zm0 20c.1-4.4.4-6.9 2.1-8.5 1.6-1.6 4.1-1.9 7.9-2v.5c-.1 4.4-.4 6.9-2.1 8.5-1.6 1.6-4.1 1.9-7.9 2Zm0-20h.5c4.4.1 6.9.4 8.5 2.1 1.6 1.6 1.9 4.1 2 7.9-4.4-.1-6.9-.4-8.5-2.1C12.9 8.3 12.1 5.8 12 2ZM2 12.5c4.4.1 6.9.4 8.5 2.1 1.6 1.6 1.9 4.1 2 7.4h-.5c-4.4-.1-6.9-.4-8.5-2.1S2.1 15.7 2 12.5Z"),
} as const;

export type IconName = keyof typeof ICON_SHAPES;
