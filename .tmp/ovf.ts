import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const js of [false, true]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${process.env.P}/programs`, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const r = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (b.right > window.innerWidth + 0.5 && b.width > 0) out.push(`${el.tagName}.${(el as HTMLElement).className} right=${b.right.toFixed(0)} w=${b.width.toFixed(0)}`);
    }
    return { sw: document.documentElement.scrollWidth, out: out.slice(0, 12) };
  });
  console.log(js, JSON.stringify(r, null, 1));
  await context.close();
}
await browser.close();
