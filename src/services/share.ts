/** Share links of spec 7 for vk, whatsapp, telegram and ok, each taking a url and a title. */
export type ShareNetwork = "vk" | "whatsapp" | "telegram" | "ok";

export function shareLinks(url: string, title: string): Record<ShareNetwork, string> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    vk: `https://vk.com/share.php?url=${u}&title=${t}`,
    whatsapp: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`,
    telegram: `https://t.me/share/url?url=${u}&text=${t}`,
    ok: `https://connect.ok.ru/offer?url=${u}&title=${t}`,
  };
}

/** Minutes to read a text at an unhurried 180 words a minute, at least one. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 180));
}
