import type { Context } from "hono";
import { generatedImagePath, imageKinds, nearestWidth, parseGeneratedImagePath } from "../../services/images";
import type { AppEnv } from "../../server/env";

const imageFile = /^\/images\/[\w/-]+\.(?:webp|png|jpe?g|svg|avif|gif)$/;

const refuse = (c: Context<AppEnv>, message: string) => c.text(message, 400, { "Cache-Control": "no-store" });

/**
 * `/_next/image?url=&w=&q=`, the old site's image optimiser (spec 7), which crawlers and image
 * search still hold: a permanent redirect to the nearest width the build made of that image. Only
 * the site's own images are served; the answer is 404 for one the site does not have.
 */
export async function nextImage(c: Context<AppEnv>) {
  const own = [new URL(c.req.url).origin, new URL(c.env.SITE_URL).origin];
  const url = c.req.query("url");
  const width = Number(c.req.query("w"));
  if (!url || !Number.isInteger(width) || width < 1) return refuse(c, "Нужны параметры url и w (ширина в пикселях)");
  let target: URL;
  try {
    target = new URL(url, own[0]);
  } catch {
    return refuse(c, "Параметр url не читается как адрес");
  }
  if (!own.includes(target.origin)) return refuse(c, "Отдаются только изображения этого сайта");
  const generated = parseGeneratedImagePath(target.pathname);
  const path = generated
    ? generatedImagePath(generated.kind, generated.slug, nearestWidth(imageKinds[generated.kind].widths, width))
    : target.pathname;
  if (!imageFile.test(path)) return c.notFound();
  const file = await c.env.ASSETS.fetch(new Request(`${own[0]}${path}`, { method: "HEAD" }));
  if (!file.ok) return c.notFound();
  return c.redirect(`${own[0]}${path}`, 301);
}
