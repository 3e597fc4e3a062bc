import { constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { elementEnd, firstScreenBytes, gzipOffsetOf, headerBlockBytes, mainActionEnd } from "../support/first-screen";

/** A page-like text: Cyrillic (two bytes a letter in UTF-8), repeated markup, some variety so it does not compress to nothing. */
function page(action: string, cards = 120): string {
  const words = ["психология", "консультант", "программа", "семинар", "преподаватель", "практика", "диплом", "обучение"];
  const card = (n: number) =>
    `<li class="card"><a href="/programs/${n}"><h3>${words[n % 8]} ${n} ${words[(n * 7) % 8]}</h3><p>${words[(n * 3) % 8]} — ${(n * 7919) % 100000} ₽, старт ${1 + (n % 28)}.12</p></a></li>`;
  return `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Страница</title><style>${".a{color:red}".repeat(40)}</style></head><body><header><a href="/">МИП</a> +7 (495) 000-00-00</header><main><h1>Практическая психология</h1><p>Старт 1 декабря, 42 000 ₽</p>${action}<ul>${Array.from({ length: cards }, (_, n) => card(n)).join("")}</ul></main><script type="application/json">${JSON.stringify({ words, n: 1 })}</script></body></html>`;
}

describe("the byte position of the first screen", () => {
  it("counts the header block as HTTP/1.1 writes it, with the gzip coding and without a length", () => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "content-length": "12345" });
    headers.append("set-cookie", "a=1");
    headers.append("set-cookie", "b=2");
    const text = "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\nset-cookie: a=1\r\nset-cookie: b=2\r\ncontent-encoding: gzip\r\n\r\n";
    expect(headerBlockBytes(headers)).toBe(text.length);
    expect(headerBlockBytes(new Headers({ "content-encoding": "gzip" }))).toBe("HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\n\r\n".length);
  });

  it("finds where the main action ends: nested elements of its name, void and self-closed ones, and nothing for a look-alike attribute", () => {
    const nested = `<p>x</p><div class="cta" data-main-action><div><a>1</a></div><div/></div><div>after</div>`;
    expect(nested.slice(0, mainActionEnd(nested)!)).toBe(`<p>x</p><div class="cta" data-main-action><div><a>1</a></div><div/></div>`);
    const link = `<a href="/apply" data-main-action="">Записаться</a><a>next</a>`;
    expect(link.slice(0, mainActionEnd(link)!)).toBe(`<a href="/apply" data-main-action="">Записаться</a>`);
    const input = `<form><input type="submit" data-main-action value="Отправить"><button>x</button></form>`;
    expect(input.slice(0, mainActionEnd(input)!)).toBe(`<form><input type="submit" data-main-action value="Отправить">`);
    expect(mainActionEnd(`<a data-main-actions>x</a><b data-main-action-x>y</b>`)).toBeNull();
    expect(() => elementEnd("<div><div></div>", 0)).toThrow(/never closed/);
  });

  it("gives the smallest prefix of the gzip stream that decodes to the text up to the point", () => {
    const text = Buffer.from(page(`<a data-main-action href="/apply">Записаться</a>`));
    expect(text.byteLength).toBeGreaterThan(12_000);
    const gz = gzipSync(text);
    for (const bytes of [1, 200, 1000, 4321, 12_000, text.byteLength]) {
      const offset = gzipOffsetOf(gz, bytes);
      const decoded = (length: number) => gunzipSync(gz.subarray(0, length), { finishFlush: constants.Z_SYNC_FLUSH }).byteLength;
      expect(decoded(offset)).toBeGreaterThanOrEqual(bytes);
      expect(offset <= 10 || decoded(offset - 1) < bytes).toBe(true);
      // the other way to nearly the same figure: the prefix alone, compressed with a full flush, less
      // the flush's empty stored block (LEN and NLEN, 4 bytes). The page's own stream needs up to a
      // block's code tables more, since its blocks are coded for the text that follows as well
      const flushed = gzipSync(text.subarray(0, bytes), { finishFlush: constants.Z_FULL_FLUSH }).byteLength - 4;
      expect(offset - flushed, `at ${bytes}: ${flushed} flushed, ${offset} in the stream`).toBeGreaterThanOrEqual(-8);
      expect(offset - flushed, `at ${bytes}: ${flushed} flushed, ${offset} in the stream`).toBeLessThanOrEqual(160);
    }
    expect(gzipOffsetOf(gz, text.byteLength)).toBeLessThanOrEqual(gz.byteLength - 8);
  });

  it("reports the h1, the main action and the whole answer, headers included", () => {
    const html = page(`<div class="cta" data-main-action><a href="/apply">Записаться</a></div>`);
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    const figures = firstScreenBytes(html, headers);
    const headerBytes = headerBlockBytes(headers);
    expect(figures.headerBytes).toBe(headerBytes);
    expect(figures.total).toBe(headerBytes + gzipSync(Buffer.from(html)).byteLength);
    expect(figures.h1End).toBeGreaterThan(headerBytes);
    expect(figures.actionEnd!).toBeGreaterThanOrEqual(figures.h1End);
    expect(figures.actionEnd!).toBeLessThan(figures.total);
    // more cards after the action move it only by the code tables of its block, fit to what follows
    const longer = firstScreenBytes(page(`<div class="cta" data-main-action><a href="/apply">Записаться</a></div>`, 400), headers);
    expect(Math.abs(longer.actionEnd! - figures.actionEnd!)).toBeLessThanOrEqual(160);
    expect(longer.total).toBeGreaterThan(figures.total);
    // a page with no action and no h1 says so
    const bare = firstScreenBytes("<p>Пусто</p>", headers);
    expect(bare.actionEnd).toBeNull();
    expect(bare.h1End).toBeNaN();
  });
});
