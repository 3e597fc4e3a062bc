import * as z from "zod/mini";
import { settingsGroup } from "../../services/settings-schema";

/** The ops door (ops-door.ts). */
export const opsSettings = settingsGroup({
  shape: {
    /**
     * ops endpoints want it as a bearer token; shorter than 16 characters, or with a character a
     * bearer token cannot carry, it is refused and ops are closed
     */
    OPS_TOKEN: z.optional(z.string().check(z.minLength(16, "shorter than 16 characters"), z.regex(/^[A-Za-z0-9._~+/-]+=*$/, "not a bearer token (letters, digits and . _ ~ + / - only)"))),
  },
  secrets: ["OPS_TOKEN"],
});
