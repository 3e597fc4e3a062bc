/**
 * The pages a form posted without JavaScript comes back as (decision 007): each form again with its
 * messages after a refusal, an order refused for want of tickets, and the confirmation a placed
 * order ends on. Each post carries what a browser's would: the site's Origin and the evidence of
 * the first visit (the cookie a page handed out). The validators read these pages
 * (tests/e2e/form-posts.ts), and the build draws the form template's CSS from them (critical-css.ts).
 */

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

/** A first visit's cookies as a browser keeps them (the evidence, the A/B variant). */
export async function firstVisit(site: string): Promise<string> {
  const response = await fetch(`${site}/`);
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (!cookies.some((cookie) => cookie.startsWith("first_visit="))) throw new Error("the first page handed out no first_visit cookie");
  return cookies.filter((cookie) => !cookie.startsWith("roistat_ab=")).join("; ");
}

/** Posts as a browser without JavaScript does, and follows a 303 to the page it names: the page the visitor ends on. */
export async function postAsBrowser(site: string, post: FormPost, cookies: string): Promise<{ url: string; response: Response }> {
  const cookie = [cookies, post.variant ? `roistat_ab=${post.variant}` : ""].filter(Boolean).join("; ");
  const headers = { Origin: new URL(site).origin, Cookie: cookie };
  const sent = await fetch(`${site}${post.path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(post.fields).toString(),
    redirect: "manual",
  });
  if (sent.status !== 303) return { url: post.path, response: sent };
  await sent.arrayBuffer();
  const location = new URL(sent.headers.get("location")!, site);
  return { url: location.pathname + location.search, response: await fetch(location, { headers }) };
}
