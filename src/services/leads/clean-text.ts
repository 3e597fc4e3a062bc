/**
 * What a person's text may hold when it goes to the CRM. Nothing is silently changed: a value
 * with characters a person would not type is refused, with a message saying what to remove.
 */

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
