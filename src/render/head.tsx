import { renderToString } from "react-dom/server";
import { Document } from "../components/layout/Document";
import type { ResolvedMeta } from "../components/layout/seo";
import { isolateSlot } from "../services/isolate";
import { lowVisionClasses, parseLowVision } from "../services/low-vision";
import { settingsAttributes } from "../services/site-settings";
import { publicSettings } from "../server/config.server";
import type { Template } from "../services/templates";
import { manifest } from "./assets";

/** Any page: the head's start does not depend on it. */
const ANY_META: ResolvedMeta = { title: "", description: "", canonical: "", robots: "", ogType: "", siteName: "", ogImage: "", ogImageAlt: "" };

const state = isolateSlot("document-heads", () => new Map<string, string>());

/**
 * The first bytes of every page of a template this deployment renders for a visitor with these
 * settings: the doctype, `<html>` with its attributes, and the start of `<head>` up to the title
 * (charset, viewport). They depend on no data, so a page whose data is slow sends them at once
 * (decision 021). Rendered by the same Document as the pages, once per isolate and variant, and
 * cut at the title.
 */
export function documentHead(env: Env, lowVisionCookie: string | undefined, template: Template): string {
  const lowVision = parseLowVision(lowVisionCookie);
  const settings = publicSettings(env);
  const htmlClassName = lowVision ? lowVisionClasses(lowVision) : undefined;
  const key = JSON.stringify([template, htmlClassName ?? "", settingsAttributes(settings)]);
  const heads = state();
  let head = heads.get(key);
  if (head === undefined) {
    const html = `<!DOCTYPE html>${renderToString(
      <Document meta={ANY_META} jsonLd={[]} manifest={manifest} template={template} htmlClassName={htmlClassName} settings={settings}>
        {null}
      </Document>,
    )}`;
    const end = html.indexOf("<title>");
    if (end < 0) throw new Error("documentHead: the document has no title");
    head = html.slice(0, end);
    heads.set(key, head);
  }
  return head;
}
