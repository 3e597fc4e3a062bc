/**
 * The pages a form posted without JavaScript comes back as (decision 007), for the validators:
 * each form again with its messages after a refusal, an order refused for want of tickets, and the
 * confirmation a placed order ends on. Each post carries what a browser's would: the site's
 * Origin and the evidence of the first visit (the cookie a page handed out, old enough).
 */
import type { Page } from "playwright-core";
import { siteUrl } from "./helpers";
import { E2E_VARS } from "./setup";

export interface FormPost {
  /** what is sent, for messages */
  label: string;
  path: "/api/leads" | "/api/tickets" | "/api/subscribe";
  fields: Record<string, string>;
  /** the A/B variant of the visitor: the subscription asks its consent in 'visible' */
  variant?: "hidden" | "visible";
  /** the status of the page the visitor ends on (a placed order's, after its 303) */
  status: 200 | 400 | 409;
  /** the seminar has one ticket left when it is sent */
  oneLeft?: boolean;
}

/** Every kind of page a form without JavaScript comes back as, for the seminar `seminarId`; `phone` orders its tickets. */
export function formPosts(seminarId: string, phone: string): FormPost[] {
  const person = { name: "Вера", email: "vera@example.ru" };
  // too short to be a number: «*Минимум 8 цифр»
  const badPhone = "+7 (912) 12";
  const ticket = { form: "popup", cta: "buyTicket", seminar_id: seminarId, ...person };
  return [
    { label: "a lead with a bad phone", path: "/api/leads", fields: { form: "popup", cta: "askQuestion", ...person, phone: badPhone, question: "Когда ближайший набор?" }, status: 400 },
    { label: "the 404 page's form with a bad phone", path: "/api/leads", fields: { form: "notFound", ...person, phone: badPhone }, status: 400 },
    { label: "the free access form with a bad phone", path: "/api/leads", fields: { form: "freeAccess", ...person, phone: badPhone }, status: 400 },
    { label: "a ticket order with a bad phone", path: "/api/tickets", fields: { ...ticket, tickets: "1", phone: badPhone }, status: 400 },
    { label: "an order of more tickets than are left", path: "/api/tickets", fields: { ...ticket, tickets: "2", phone }, status: 409, oneLeft: true },
    { label: "an order, ending on its confirmation", path: "/api/tickets", fields: { ...ticket, tickets: "1", phone }, status: 200 },
    { label: "a subscription with a bad e-mail", path: "/api/subscribe", fields: { email: "vera@" }, variant: "hidden", status: 400 },
    { label: "a subscription without the consent its variant asks", path: "/api/subscribe", fields: { email: "vera@example.ru" }, variant: "visible", status: 400 },
  ];
}

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

/** A first visit's cookies as a browser keeps them (the evidence, the A/B variant). */
export async function firstVisit(): Promise<string> {
  const response = await fetch(`${siteUrl()}/`);
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (!cookies.some((cookie) => cookie.startsWith("first_visit="))) throw new Error("the first page handed out no first_visit cookie");
  return cookies.filter((cookie) => !cookie.startsWith("roistat_ab=")).join("; ");
}

/** Posts as a browser without JavaScript does, and follows a 303 to the page it names: the page the visitor ends on. */
export async function postAsBrowser(post: FormPost, cookies: string): Promise<{ url: string; response: Response }> {
  const cookie = [cookies, post.variant ? `roistat_ab=${post.variant}` : ""].filter(Boolean).join("; ");
  const headers = { Origin: new URL(siteUrl()).origin, Cookie: cookie };
  const sent = await fetch(`${siteUrl()}${post.path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(post.fields).toString(),
    redirect: "manual",
  });
  if (sent.status !== 303) return { url: post.path, response: sent };
  await sent.arrayBuffer();
  const location = new URL(sent.headers.get("location")!, siteUrl());
  return { url: location.pathname + location.search, response: await fetch(location, { headers }) };
}

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
