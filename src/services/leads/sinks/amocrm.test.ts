import { describe, expect, it } from "vitest";
import type { LeadRecord } from "../record";
import { amoLead, parseAreaPipelines } from "./amocrm.server";

const lead = (area?: LeadRecord["area"]): LeadRecord => ({
  id: "lead-1",
  kind: "lead",
  receivedAt: 1,
  name: "Анна",
  phone: "+77015556231",
  utm: { utm_source: "vk" },
  roistatAB: "hidden",
  consent: { personalData: null, news: null, variant: "hidden" },
  ...(area ? { area } : {}),
});

describe("the amoCRM lead", () => {
  it("is tagged with the visitor's area, so admissions can route it", () => {
    expect(amoLead(lead("KZ"))._embedded.tags).toEqual([{ name: "lead" }, { name: "area:KZ" }, { name: "vk" }]);
    expect(amoLead(lead("other"))._embedded.tags.map((t) => t.name)).toContain("area:other");
  });

  it("has no area tag when the lead was stored before the area was kept", () => {
    expect(amoLead(lead())._embedded.tags.map((t) => t.name)).toEqual(["lead", "vk"]);
  });

  it("goes to the pipeline ops mapped its area to, and to amoCRM's main pipeline otherwise", () => {
    const pipelines = { KZ: 7012345, UZ: 7012346 };
    expect(amoLead(lead("KZ"), pipelines).pipeline_id).toBe(7012345);
    expect(amoLead(lead("RU"), pipelines)).not.toHaveProperty("pipeline_id");
    expect(amoLead(lead(), pipelines)).not.toHaveProperty("pipeline_id");
  });
});

describe("AMOCRM_AREA_PIPELINES", () => {
  it("reads AREA=pipeline id pairs", () => {
    expect(parseAreaPipelines("KZ=7012345, UZ=7012346,other=1")).toEqual({ KZ: 7012345, UZ: 7012346, other: 1 });
  });
});
