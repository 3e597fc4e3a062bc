import { type SiteSettings, settingsFromPage } from "../services/site-settings";
import { useRenderContext } from "./render-context";

export { type SiteSettings, settingsAttributes,  } from "../services/site-settings";

/** The same answer on the server (from the render) and in the browser (from <html>), so hydration matches. */
export function useSiteSettings(): SiteSettings {
  const context = useRenderContext();
  return context ? (context.settings ?? {}) : settingsFromPage();
}
