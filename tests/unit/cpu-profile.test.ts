import { describe, expect, it } from "vitest";
import { cpuMsOf } from "../load/cpu-profile";

/** A profile of `(idle)` (node 2) and work (node 3), each sample with the gap since the one before it. */
function profile(samples: [node: number, deltaUs: number][]) {
  return {
    nodes: [
      { id: 1, callFrame: { functionName: "(root)" } },
      { id: 2, callFrame: { functionName: "(idle)" } },
      { id: 3, callFrame: { functionName: "render" } },
    ],
    samples: samples.map(([node]) => node),
    timeDeltas: samples.map(([, delta]) => delta),
  };
}

describe("CPU ms from V8's sampling profile", () => {
  it("counts the samples that are not idle at the period achieved, not the gaps the isolate spent unused", () => {
    // 20 samples of work 100 µs apart, then 300 ms of nothing (no samples: the isolate was not in use), then 10 more
    const busy = [...Array.from({ length: 20 }, () => [3, 100] as [number, number]), [3, 300_000] as [number, number], ...Array.from({ length: 9 }, () => [3, 100] as [number, number])];
    expect(cpuMsOf(profile(busy), 100)).toEqual({ cpuMs: 3, samples: 30, periodUs: 100 });
    // idle samples count for nothing
    expect(cpuMsOf(profile([[2, 100], [2, 100], [3, 100]]), 100).cpuMs).toBe(0.1);
  });

  it("takes the period a busy machine stretched the sampling to", () => {
    const stretched = Array.from({ length: 40 }, (_, n) => [3, n % 2 ? 150 : 170] as [number, number]);
    expect(cpuMsOf(profile(stretched), 100)).toEqual({ cpuMs: 6.8, samples: 40, periodUs: 170 });
  });
});
