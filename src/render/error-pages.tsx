import type { Context } from "hono";
import NothingFound from "../components/forms/NothingFound.island";
import { Button } from "../components/ui/Button";
import { contentUnavailable } from "../server/bare-pages";
import type { AppEnv } from "../server/env";
import { ContentUnavailableError } from "../services/catalogue/repository";
import { renderPage } from "./render";

/**
 * A page that needs a part of the content KV keeps apart from the catalogue (decision 013: a
 * program's details, an article's text): rendered with it, or the 503 page when KV cannot give it
 * (its reader has logged why, once).
 */
export async function renderWithPart<T>(c: Context<AppEnv>, read: Promise<T>, render: (part: T) => Response | Promise<Response>): Promise<Response> {
  let part: T;
  try {
    part = await read;
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return contentUnavailable(c.get("requestId") ?? "unknown", false);
  }
  return render(part);
}

/** 404 with the site's own page: the shell, a way home and the main sections. */
export function renderNotFound(c: Context<AppEnv>) {
  return renderPage(c, {
    template: "form",
    status: 404,
    meta: { title: "Страница не найдена", description: "Такой страницы на сайте нет.", robots: "noindex, follow" },
    body: (
      <section className="container status-page">
        <p className="status-page__code" aria-hidden="true" data-code="404" />
        <h1>Страница не найдена</h1>
        <p>Возможно, адрес набран с ошибкой или страница переехала. Начните с главной или выберите программу обучения.</p>
        <div className="status-page__actions">
          <Button href="/">На главную</Button>
          <Button href="/programs" variant="outline">
            Все программы
          </Button>
        </div>
        <NothingFound
          idPrefix="not-found"
          area={c.var.area}
          thanks={{ giftExchange: c.get("catalogue").site.links.giftExchange, messengerChannel: c.get("catalogue").site.links.messengerChannel }}
        />
      </section>
    ),
  });
}

/** 400: the address asks for something that cannot be meant (an unknown filter value). */
export function renderBadRequest(c: Context<AppEnv>, message: string, back: string) {
  return renderPage(c, {
    template: "form",
    status: 400,
    meta: { title: "Неверный запрос", robots: "noindex, follow" },
    body: (
      <section className="container status-page">
        <h1>Не получилось показать страницу</h1>
        <p>{message}</p>
        <div className="status-page__actions">
          <Button href={back}>Показать все программы</Button>
        </div>
      </section>
    ),
  });
}

/** The friendly 500 page, inside the shell when the catalogue is at hand. */
export function renderServerError(c: Context<AppEnv>, requestId: string) {
  return renderPage(c, {
    template: "form",
    status: 500,
    meta: { title: "Ошибка на сервере", robots: "noindex, nofollow" },
    body: (
      <section className="container status-page">
        <p className="status-page__code" aria-hidden="true" data-code="500" />
        <h1>Что-то пошло не так</h1>
        <p>Мы уже знаем об ошибке и исправляем её. Обновите страницу через минуту или позвоните нам — мы поможем.</p>
        <p className="status-page__id">
          Код обращения: <code>{requestId}</code>
        </p>
        <div className="status-page__actions">
          <Button href="/">На главную</Button>
        </div>
      </section>
    ),
  });
}
