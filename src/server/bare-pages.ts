/** Pages with no dependencies: what answers when the content or the shell cannot be rendered. */

/** When even the shell cannot render (no content in KV): a page with no dependencies. */
export function bareServerError(requestId: string): Response {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Ошибка на сервере — Московский институт психологии</title><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg"></head><body><main><h1>Что-то пошло не так</h1><p>Мы уже исправляем ошибку. Обновите страницу через минуту.</p><p>Код обращения: <code>${requestId.replace(/[^\w-]/g, "")}</code></p><p><a href="/">На главную</a></p></main></body></html>`;
  return new Response(html, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** How long a visitor (or a crawler) should wait before asking again when there is no content to show. */
export const RETRY_AFTER_S = 30;

/**
 * 503 when no content can be read yet (a fresh isolate while KV is down): a page with no
 * dependencies, or JSON for the API, so a visitor reads what happened instead of a crash.
 */
export function contentUnavailable(requestId: string, json: boolean): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" };
  if (json) {
    return Response.json({ ok: false, message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  }
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${UNAVAILABLE_TITLE} — Московский институт психологии</title><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg"></head><body><main><h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_MESSAGE}</p><p>Код обращения: <code>${requestId.replace(/[^\w-]/g, "")}</code></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

export const UNAVAILABLE_TITLE = "Сайт временно недоступен";
const UNAVAILABLE_MESSAGE = "Мы уже восстанавливаем работу сайта. Пожалуйста, обновите страницу через минуту.";
