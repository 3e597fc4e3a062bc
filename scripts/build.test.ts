import { describe, expect, it } from "vitest";
import { serverOnly } from "./build";

describe("the browser bundle's check", () => {
  it("fails the build for server-only code: *.server.ts, src/worker, src/routes and src/server", () => {
    const inputs = [
      "src/client/entry.ts",
      "src/components/forms/LeadForm.tsx",
      "src/services/leads/schemas.ts",
      "src/services/leads/turnstile.server.ts",
      "src/worker/app.ts",
      "src/routes/api/leads.ts",
      "src/server/config.server.ts",
      "src/server/visitor.ts",
      "node_modules/react/index.js",
    ];
    expect(serverOnly(inputs)).toEqual([
      "src/services/leads/turnstile.server.ts",
      "src/worker/app.ts",
      "src/routes/api/leads.ts",
      "src/server/config.server.ts",
      "src/server/visitor.ts",
    ]);
  });
});
