/**
 * Failure drill 4 in its short form (docs/reliability.md): 100 connections against a `wrangler dev`
 * of its own (port E2E_PORT + 7), each going twice round a sequence of pages, search, a lead and a
 * ticket order, however long a busy machine takes (a run of 10 s once sent no lead at all at a load
 * average of 16). `npm run load` is the full 60 s run with the figures.
 */
import { describe, expect, it } from "vitest";
import { optionsFromEnv, printReport, runLoad } from "../load/load";

describe("the site under load", () => {
  it("answers every request without an error or a 5xx, loses no lead and oversells no seminar", async () => {
    const port = Number(process.env.E2E_PORT ?? 8790) + 7;
    const report = await runLoad({ ...optionsFromEnv({ port }), rounds: 2 });
    printReport(report);
    expect(report.violations).toEqual([]);
    expect(report.leadsAccepted).toBeGreaterThan(0);
    expect(report.byKind.ticket.statuses["200"]).toBeGreaterThan(0);
  }, 300_000);
});
