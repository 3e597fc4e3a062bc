import { describe, expect, it } from "vitest";
import { describeReceipt } from "./dev-fakes";

const receipt = (sink: string, method: string, path: string, body: unknown, query: Record<string, string> = {}) => ({ sink, method, path, body, query, headers: {}, at: 0 });

describe("what npm run dev:fakes prints for each request a fake receives", () => {
  it("names the sink and the lead, wherever the request carries its id", () => {
    expect(describeReceipt(receipt("genezis", "POST", "/genezis", { id: "lead-1" }))).toContain("lead lead-1");
    expect(describeReceipt(receipt("amocrm", "POST", "/amocrm/api/v4/leads/complex", [{ request_id: "lead-2" }]))).toContain("lead lead-2");
    expect(describeReceipt(receipt("admitad", "GET", "/admitad", undefined, { order_id: "lead-3" }))).toContain("lead lead-3");
    expect(describeReceipt(receipt("roistat", "GET", "/roistat", undefined, { "fields[lead_id]": "lead-4" }))).toContain("lead lead-4");
    expect(describeReceipt(receipt("oauth", "POST", "/amocrm/oauth2/access_token", { grant_type: "refresh_token" }))).not.toContain("lead");
  });
});
