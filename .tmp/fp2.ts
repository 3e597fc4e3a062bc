import { createHash } from "node:crypto";
import { toJSONSchema } from "zod/v4/core";
import { catalogueSnapshotSchema } from "../src/services/catalogue/snapshot";
console.log(createHash("sha256").update(JSON.stringify(toJSONSchema(catalogueSnapshotSchema, { unrepresentable: "any" }))).digest("hex"));
