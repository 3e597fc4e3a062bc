import { describe, expect, it } from "vitest";
import { sinkByName, sinks } from "./index.server";
import { SINK_KEYS } from "./types";

describe("the sinks' stored names", () => {
  it("resolve, each to the sink of that name, in the order of spec 7 then the CRM", () => {
    expect(sinks.map((sink) => sink.name)).toEqual([...SINK_KEYS]);
    for (const key of SINK_KEYS) expect(sinkByName.get(key)?.name).toBe(key);
  });
});
