/**
 * Failure drill 5 (docs/reliability.md) in `npm test`, smaller than `npm run drill:crash`: the
 * runtime killed with SIGKILL while leads and orders arrive and the sinks answer slowly, then
 * started again on its state.
 */
import { describe, expect, it } from "vitest";
import { printCrashReport, runCrashDrill } from "../load/crash-drill";

describe("a crash of the runtime in the middle of a load", () => {
  it("loses no acknowledged lead or order, repeats only requests that were in flight, none to the CRM or to a sink that drops no repeat", async () => {
    const port = Number(process.env.E2E_PORT ?? 8790) + 9;
    const report = await runCrashDrill({ leads: 120, concurrency: 16, latencyMs: 60, port });
    printCrashReport(report);
    expect(report.violations).toEqual([]);
    for (const sink of report.sinks) expect(sink.lost, sink.sink).toBe(0);
    for (const sink of ["amocrm", "roistat", "admitad"]) expect(report.sinks.find((s) => s.sink === sink)?.duplicated, sink).toBe(0);
    // the outbox sends one request at a time per shard (4 shards): at most 4 were in flight at the kill,
    // each sent again (a sink that drops the repeat) or held for ops (one that drops none)
    expect(report.sinks.reduce((sum, s) => sum + s.duplicated + s.held, 0)).toBeLessThanOrEqual(4);
    expect(report.tickets.taken).toBe(report.tickets.sold);
  }, 300_000);
});
