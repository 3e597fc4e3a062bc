/** The form posts of scripts/lib/form-posts.ts on the lane's site, for the validators. */
import type { Page } from "playwright-core";
import { type FormPost, firstVisit as firstVisitTo, postAsBrowser as postTo } from "../../scripts/lib/form-posts";
import { siteUrl } from "./helpers";
import { E2E_VARS } from "./setup";

export { type FormPost, formPosts } from "../../scripts/lib/form-posts";

const ops = () => ({ Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}`, "Content-Type": "application/json" });

async function ticketsLeft(seminarId: string): Promise<number> {
  const seminars = (await (await fetch(`${siteUrl()}/ops/seminars`, { headers: ops() })).json()) as { id: string; tickets_quantity: number }[];
  const seminar = seminars.find((s) => s.id === seminarId);
  if (!seminar) throw new Error(`ops do not know the seminar ${seminarId}`);
  return seminar.tickets_quantity;
}

async function setTickets(seminarId: string, quantity: number): Promise<void> {
  const response = await fetch(`${siteUrl()}/ops/seminars/${seminarId}/tickets`, { method: "PUT", headers: ops(), body: JSON.stringify({ tickets_quantity: quantity }) });
  if (!response.ok) throw new Error(`ops could not set the tickets of ${seminarId}: ${response.status}`);
}

/**
 * Sends the posts one after another with `send`, the seminar's tickets set to one for those that
 * need it; the seminar gets back the tickets it had, orders included, so other files see it as it was.
 */
export async function eachPost<T>(seminarId: string, posts: FormPost[], send: (post: FormPost) => Promise<T>): Promise<T[]> {
  const before = await ticketsLeft(seminarId);
  const results: T[] = [];
  try {
    for (const post of posts) {
      if (post.oneLeft) await setTickets(seminarId, 1);
      results.push(await send(post));
      if (post.oneLeft) await setTickets(seminarId, before);
    }
  } finally {
    await setTickets(seminarId, before);
  }
  return results;
}

/** A first visit's cookies on the lane's site. */
export const firstVisit = (): Promise<string> => firstVisitTo(siteUrl());

/** Posts to the lane's site as a browser without JavaScript does. */
export const postAsBrowser = (post: FormPost, cookies: string) => postTo(siteUrl(), post, cookies);

/**
 * Opens in a tab the page a post comes back as: the tab's navigation to the form's address is sent
 * as the form's POST (the context's cookies go with it), and a 303 is followed as a browser does.
 */
export async function openPosted(page: Page, post: FormPost): Promise<number | undefined> {
  const url = `${siteUrl()}${post.path}`;
  if (post.variant) await page.context().addCookies([{ name: "roistat_ab", value: post.variant, url: siteUrl() }]);
  await page.route(
    url,
    (route) =>
      route.continue({
        method: "POST",
        postData: new URLSearchParams(post.fields).toString(),
        headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded", origin: new URL(siteUrl()).origin },
      }),
    { times: 1 },
  );
  const response = await page.goto(url, { waitUntil: "load" });
  return response?.status();
}
