/**
 * No word broken inside at 390 px (issue 42 point 5: «Профессиональна/я» on the home page's card
 * in WebKit), with the fonts the page has once `document.fonts.ready`: tests/support/page-checks.ts's
 * `brokenWords`, as tests/e2e/words-whole.test.ts runs it in Chromium.
 */
import { brokenWords } from "../support/page-checks";
import { atPhoneWidth, type Context, check, fontsReady, reactErrors } from "./context";

export const WORDS_PAGES = ["/", "/programs", "/bachelor", "/lectorium", "/teachers"];

export async function wordsWhole({ session, proxy, shot }: Context, path: string): Promise<string> {
  const network = await proxy();
  await session.go(`${network.url}${path}`);
  await atPhoneWidth(session, path);
  await fontsReady(session);
  const broken = await session.run<string[]>(`return (${brokenWords.toString()})()`);
  await session.screenshot(shot(`words${path === "/" ? "-home" : path.replace(/\W+/g, "-")}-390`));
  check(broken.length === 0, `words broken inside on ${path} at 390 px: ${broken.join("; ")}`);
  const errors = await reactErrors(session);
  check(errors.length === 0, `React errors on ${path}: ${errors.join("; ")}`);
  return `${path}: no word of a card broken inside`;
}
