import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Central Bank of Russia's daily rates (`/scripts/XML_daily.asp`), as the bank
 * sends them: windows-1251 XML, decimal commas, the tenge per 100 and the sum per 10 000. Tests set
 * what it answers (`rates`, `status`) and read how often it was asked.
 */
export interface FakeCbr {
  url: string;
  /** the bank's date (DD.MM.YYYY) and the roubles for `Nominal` units */
  answer: { date: string; kzt?: string; uzs?: string; status?: number };
  asked: number;
  close: () => Promise<void>;
}

const valute = (id: string, num: string, code: string, nominal: number, name: string, value: string) =>
  `<Valute ID="${id}"><NumCode>${num}</NumCode><CharCode>${code}</CharCode><Nominal>${nominal}</Nominal><Name>${name}</Name><Value>${value}</Value><VunitRate>${value}</VunitRate></Valute>`;

export function cbrXml(answer: FakeCbr["answer"]): string {
  return [
    '<?xml version="1.0" encoding="windows-1251"?>',
    `<ValCurs Date="${answer.date}" name="Foreign Currency Market">`,
    valute("R01010", "036", "AUD", 1, "Австралийский доллар", "52,1234"),
    answer.kzt ? valute("R01335", "398", "KZT", 100, "Казахстанских тенге", answer.kzt) : "",
    valute("R01235", "840", "USD", 1, "Доллар США", "79,8865"),
    answer.uzs ? valute("R01717", "860", "UZS", 10000, "Узбекских сумов", answer.uzs) : "",
    "</ValCurs>",
  ].join("");
}

export async function startFakeCbr(answer: FakeCbr["answer"] = { date: "28.11.2026", kzt: "15,6812", uzs: "66,4217" }): Promise<FakeCbr> {
  const fake: FakeCbr = { url: "", answer, asked: 0, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    fake.asked += 1;
    if (!request.url?.startsWith("/scripts/XML_daily.asp")) {
      response.writeHead(404).end();
      return;
    }
    const status = fake.answer.status ?? 200;
    // the bank's encoding; the Cyrillic names become bytes the reader never needs
    response.writeHead(status, { "Content-Type": "application/xml; charset=windows-1251" });
    response.end(status === 200 ? Buffer.from(cbrXml(fake.answer), "latin1") : "Service Unavailable");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
