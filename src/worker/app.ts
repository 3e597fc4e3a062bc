import { Hono } from "hono";
import { renderNotFound, renderServerError } from "../render/error-pages";
import { bareServerError } from "../server/bare-pages";
import { registerLeadApi } from "../routes/api/leads";
import { registerMenuApi } from "../routes/api/menu";
import { crmExchangeApp, opsApp, registerOutboxOps } from "../routes/api/ops";
import { registerPromoApi, registerPromoOps } from "../routes/api/promo";
import { registerGraphqlApi } from "../routes/api/graphql";
import { registerSearch } from "../routes/api/search";
import { registerTicketsApi, registerTicketsOps } from "../routes/api/tickets";
import { registerWheelApi } from "../routes/api/wheel";
import { registerPages } from "../routes/pages";
import { log } from "../services/log";
import type { AppEnv } from "../server/env";
import { withCatalogue } from "../server/middleware/catalogue";
import { requestId } from "../server/middleware/request-id";
import { limitBody, sameOrigin } from "../server/middleware/post-guards";
import { securityHeaders } from "../server/middleware/security-headers";
import { edgeCache } from "../server/middleware/edge-cache";
import { tracking } from "../server/middleware/tracking";
import { dropTrailingSlash } from "../server/middleware/trailing-slash";

/** The whole site: middleware, pages and APIs. */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.use(requestId);
  app.use(securityHeaders);
  app.use(sameOrigin);
  app.use(limitBody);
  app.use(dropTrailingSlash);
  // ops first and before the content: an outage of KV must not lock ops out of the outbox
  const ops = opsApp();
  registerOutboxOps(ops);
  registerPromoOps(ops);
  registerTicketsOps(ops);
  app.route("/ops", ops);
  app.route("/api/amoCRMexchangeToken", crmExchangeApp());
  registerPromoApi(app);
  app.use(withCatalogue);
  app.use(tracking);
  app.use(edgeCache);
  registerLeadApi(app);
  registerTicketsApi(app);
  registerWheelApi(app);
  registerGraphqlApi(app);
  registerSearch(app);
  registerMenuApi(app);
  registerPages(app);

  app.notFound((c) => renderNotFound(c));
  app.onError(async (error, c) => {
    const id = c.get("requestId") ?? "unknown";
    log.error("request.error", { requestId: id, method: c.req.method, url: c.req.url, error: error.stack ?? String(error) });
    if (!c.get("catalogue")) return bareServerError(id);
    try {
      return await renderServerError(c, id);
    } catch {
      return bareServerError(id);
    }
  });
  return app;
}
