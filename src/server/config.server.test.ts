import { describe, expect, it } from "vitest";
import { fakeSinkEnv } from "../../tests/support/fake-third-parties";
import type { LeadRecord } from "../services/leads/record";
import { partner, roistat } from "../services/leads/sinks/webhooks.server";
import { readSettings } from "./config.server";

const sinkEnv = fakeSinkEnv("http://127.0.0.1:9");
const lead: LeadRecord = {
  id: "lead-settings-1",
  kind: "lead",
  receivedAt: 0,
  name: "Анна",
  phone: "+79123456789",
  utm: { utm_source: "admitad" },
  roistatAB: "hidden",
  consent: { personalData: null, news: null, variant: "hidden" },
};
const unreachable = async (): Promise<Response> => {
  throw new Error("a sink that is off sends nothing");
};

describe("settings that need each other", () => {
  it("switch the Admitad postback off when ADMITAD_URL has no campaign code or postback key, naming each missing setting", async () => {
    for (const missing of ["ADMITAD_CAMPAIGN_CODE", "ADMITAD_POSTBACK_KEY"] as const) {
      const { config, problems } = readSettings({ ...sinkEnv, [missing]: undefined });
      expect(config.ADMITAD_URL).toBeUndefined();
      expect(problems).toEqual([{ setting: missing, reason: "ADMITAD_URL needs ADMITAD_CAMPAIGN_CODE and ADMITAD_POSTBACK_KEY; this one is not set", effect: "the Admitad postback is off", absent: true }]);
      expect(await partner.send(lead, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "partner admitad: no endpoint configured" });
    }
  });

  it("switch Roistat off when ROISTAT_URL has no ROISTAT_KEY", async () => {
    const { config, problems } = readSettings({ ...sinkEnv, ROISTAT_KEY: "" });
    expect(config.ROISTAT_URL).toBeUndefined();
    expect(problems).toEqual([{ setting: "ROISTAT_KEY", reason: "ROISTAT_URL needs ROISTAT_KEY; it is not set", effect: "Roistat is off", absent: true }]);
    expect(await roistat.send(lead, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "roistat: no endpoint configured" });
  });

  it("are no problem when both halves are set, or neither", () => {
    expect(readSettings(sinkEnv).problems).toEqual([]);
    expect(readSettings({}).problems).toEqual([]);
    expect(readSettings({ ROISTAT_KEY: "k", ADMITAD_POSTBACK_KEY: "k" }).problems).toEqual([]);
  });
});
