// a fresh isolate matches its first request without building the routes' one big expression first (issue #18)
import { Hono } from "hono/quick";
import { HTTPException } from "hono/http-exception";
import { renderNotFound, renderServerError } from "../render/error-pages";
import { bareServerError } from "../server/bare-pages";
import { captchaApi } from "../routes/api/captcha";
import { graphqlApi } from "../routes/api/graphql";
import { leadsApi } from "../routes/api/leads";
import { crmApi } from "../routes/api/crm";
import { crmExchangeApp, opsApp, registerOutboxOps } from "../routes/api/ops";
import { promoApi, registerPromoOps } from "../routes/api/promo";
import { searchApi } from "../routes/api/search";
import { registerTicketsOps, ticketsApi } from "../routes/api/tickets";
import { ordersApi, registerOrdersOps } from "../routes/api/orders";
import { paymentsApi } from "../routes/api/payments";
import { visitApi } from "../routes/api/visit";
import { wheelApi } from "../routes/api/wheel";
import { registerFeedsAndRedirects, registerPages } from "./pages";
import { registerFormPosts } from "../routes/pages/forms";
import { log } from "../services/log";
import type { AppEnv } from "../server/env";
import { GRAPHQL_INTERNAL, GRAPHQL_NOT_FOUND, graphqlError, isGraphqlPath } from "../server/graphql-errors";
import { readingContent, withCatalogue } from "../server/middleware/catalogue";
import { requestContext, requestId } from "../server/middleware/request-context";
import { limitBody, sameOrigin } from "../server/middleware/post-guards";
import { mirrorCors } from "../server/middleware/mirror-cors";
import { securityHeaders } from "../server/middleware/security-headers";
import { pageCache, pageValidators, readingPageTier } from "../server/cache/middleware";
import { tracking } from "../server/middleware/tracking";
import { dropTrailingSlash } from "../server/middleware/trailing-slash";
import { readPhoneMetadataFromStaticFiles } from "../server/phone-metadata";
import { manifest } from "../render/assets";

/**
 * The whole site, wired in the order a request meets it (docs/architecture.md): the guards of
 * every request, ops behind their door, the promo lookup, then the content, the visitor's
 * cookies, the pages' validators and the page cache (server/cache/); forms posted without JavaScript before the JSON APIs of the same
 * addresses; the pages last.
 */
export function createApp() {
  readPhoneMetadataFromStaticFiles(manifest.phoneMetadata);
  const app = new Hono<AppEnv>();
  app.use(requestId);
  app.use(securityHeaders);
  // the mirror's pages call the API from their own origin (decision 042): refusals carry CORS too, so they can read them
  app.use("/api/*", mirrorCors);
  app.use(sameOrigin);
  app.use(limitBody);
  app.use(dropTrailingSlash);
  app.use(requestContext);
  // ops first and before the content: an outage of KV must not lock ops out of the outbox
  const ops = opsApp();
  registerOutboxOps(ops);
  registerPromoOps(ops);
  registerTicketsOps(ops);
  registerOrdersOps(ops);
  app.route("/ops", ops);
  app.route("/api/amoCRMexchangeToken", crmExchangeApp());
  app.route("/", crmApi);
  app.route("/", paymentsApi);
  app.route("/", promoApi);
  // the mirror's visit needs no content, nor does a form's challenge
  app.route("/", visitApi);
  app.route("/", captchaApi);
  // the content and, on a fresh isolate, the pages tier are read from here on, beside the visitor's key
  app.use(readingContent);
  app.use(readingPageTier);
  // the visitor's cookies, on every page, kept or rendered, and on its 304
  app.use(tracking);
  // every page's ETag, and the 304 of a revalidation that names it, whether the page was kept or rendered
  app.use(pageValidators);
  // the page cache needs the content's version, a page the catalogue: a page kept for the version is served without it
  app.use(pageCache);
  app.use(withCatalogue);
  registerFormPosts(app);
  app.route("/", leadsApi);
  app.route("/", ticketsApi);
  app.route("/", ordersApi);
  app.route("/", wheelApi);
  app.route("/", graphqlApi);
  app.route("/", searchApi);
  registerPages(app);
  registerFeedsAndRedirects(app);

  // an address under /graphql that is not the API (`POST /graphql/`) is told where the API is, in its format
  app.notFound((c) => (isGraphqlPath(c.req.path) ? graphqlError(404, GRAPHQL_NOT_FOUND, "NOT_FOUND") : renderNotFound(c)));
  app.onError(async (error, c) => {
    // a refusal of one of Hono's middleware that no step turned into the site's own answer
    if (error instanceof HTTPException) return error.getResponse();
    const id = c.get("requestId") ?? "unknown";
    // the path, never the query: a webhook's secret travels there (decision 053)
    log.error("request.error", { requestId: id, method: c.req.method, path: c.req.path, error: error.stack ?? String(error) });
    if (isGraphqlPath(c.req.path)) return graphqlError(500, GRAPHQL_INTERNAL, "INTERNAL_SERVER_ERROR");
    if (!c.get("catalogue")) return bareServerError(id);
    try {
      return await renderServerError(c, id);
    } catch {
      return bareServerError(id);
    }
  });
  return app;
}
