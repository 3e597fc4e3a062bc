/**
 * What a person's text may hold when it goes to the CRM (decisions 016 and 053). Characters that
 * show nothing are removed before anything is checked: every Default_Ignorable_Code_Point (zero
 * widths, the soft hyphen, fillers such as U+3164, variation selectors, tag characters
 * U+E0000-E0FFF), every bidi control (U+061C, U+200E-200F, U+202A-202E, U+2066-2069) and the blank
 * Braille cell U+2800. What is left with characters a person would not type (controls, markup) is
 * refused, with a message saying what to remove; and a value a spreadsheet would read as a formula
 * is stored and sent with a leading apostrophe (`formulaSafe`).
 */

/** What is removed from every free text before it is validated. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u{E0000}-\u{E007F}\u2800]/gu;

export const withoutIgnorables = (value: string): string => value.replace(IGNORABLE, "");

/**
 * OWASP's rule against CSV injection: a value that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is a formula to a spreadsheet ops export the deals to (`=HYPERLINK(…)`), so it is
 * kept and sent with an apostrophe in front, which the spreadsheet shows as text.
 */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/* biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Direction overrides and isolates, zero-width characters, the BOM, interlinear annotations. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/;
/** Half of a surrogate pair without the other half: not text at all. */
const LONE_SURROGATE = /\p{Cs}/u;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
const MARKUP = /[<>]/;

/** No control, invisible or direction characters; `multiline` allows line breaks and tabs. */
export function isPlainText(value: string, multiline = false): boolean {
  return !CONTROL.test(value) && !INVISIBLE.test(value) && !LONE_SURROGATE.test(value) && (multiline || !LINE_BREAKS.test(value));
}

/** Plain text without the characters of markup. */
export function isCleanText(value: string, multiline = false): boolean {
  return isPlainText(value, multiline) && !MARKUP.test(value);
}

/** A person's name in any script: letters and marks, with spaces, hyphens, apostrophes and dots between them. */
const NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M}.'’ʼ -]*[\p{L}\p{M}.])?$/u;

export function isPersonName(value: string): boolean {
  return NAME.test(value) && !/ {2}/.test(value);
}

/** At least two letters (the fillers that pass for letters are removed before: `withoutIgnorables`); marks alone are no name. */
export const hasTwoLetters = (value: string): boolean => (value.match(/\p{L}/gu)?.length ?? 0) >= 2;

/** The HTML standard's valid e-mail address: what `<input type=email>` accepts (a willful violation of RFC 5322, as the standard says). */
const HTML_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Whether a browser's e-mail field would take the address. A domain of another script is checked
 * in its ASCII form, as the browser converts it (`почта.рф` is `xn--80a1acny.xn--p1ai`).
 */
export function isHtmlEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const domain = value.slice(at + 1);
  let ascii = domain;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an ASCII range, not a control character refused
  if (/[^\u0000-\u007f]/.test(domain)) {
    if (/[\s/?#@:[\]\\%]/.test(domain)) return false;
    try {
      ascii = new URL(`http://${domain}`).hostname;
    } catch {
      return false;
    }
  }
  return HTML_EMAIL.test(`${value.slice(0, at)}@${ascii}`);
}

/** What people type in a phone field: digits, spaces, brackets, hyphens, dots and a leading "+". */
const PHONE_CHARACTERS = /^\+?[\d\s().-]*$/;

export function hasPhoneCharactersOnly(value: string): boolean {
  return PHONE_CHARACTERS.test(value);
}

/** A promo or gift code: letters, digits, hyphens, underscores and dots. */
const CODE = /^[\p{L}\p{N}_.-]*$/u;

export function isCode(value: string): boolean {
  return CODE.test(value);
}

const SPACE = /\s/;

/** A page's address as a browser writes it: http or https, no markup, control, direction or invisible characters, no spaces. */
export function isCleanUrl(value: string): boolean {
  if (!isCleanText(value) || SPACE.test(value)) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** A path of this site as `location.pathname` gives it: one leading slash, nothing a browser would have encoded. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && isCleanText(value) && !SPACE.test(value);
}

/** An id a tracker keeps in a cookie (Roistat's visit, Metrika's uid, AdvCake's and Admitad's ids, the click id). */
const TRACKING_ID = /^[A-Za-z0-9_.-]{1,128}$/;

export function isTrackingId(value: string): boolean {
  return TRACKING_ID.test(value);
}
