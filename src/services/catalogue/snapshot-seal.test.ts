import { createHash } from "node:crypto";
import { toJSONSchema } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { contentEntries } from "./publish";
import type { Catalogue } from "./build";
import { articleBodyKey, CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, CURRENT_CATALOGUE_KEY } from "./keys";
import { catalogueSnapshotSchema, parseSnapshot, SNAPSHOT_SCHEMA_VERSION, sealOf } from "./snapshot";

/**
 * The snapshot schema's fingerprint for each SNAPSHOT_SCHEMA_VERSION (decision 043). A Worker
 * trusts a snapshot sealed with its own schema version; were the schema changed without the
 * version, a Worker would trust snapshots pushed against the old schema. So a change of the schema
 * fails here until the version is raised and its fingerprint recorded below.
 */
const FINGERPRINTS: Record<number, string> = {
  1: "81dc31f872c76932aa55d0816ed4222d001570757df32c350bb1b94d358f417a",
  // teachers' photos and programs' covers (decision 028)
  2: "07937417618393f4218b07702b66a199321b1a273d16049a709e8663f73b287a",
  // documents without their text, which only their PDFs show (issue #18)
  3: "ba49c7533037f3cf9beded8e50bf2c739dc5050743f4dd27f6c7b06d0b84b08e",
  // the journal's articles without their text, which KV keeps apart, with their reading minutes
  4: "72467b3b586dd29eea651517d062d37236b6a62294d1f102c5b2876ab766441f",
  // one reading of the admissions hours, the instalment terms, the refund, what the discount covers, the intake days, where the free trial is offered, the areas the Almaty office serves (issue 28)
  5: "dad9530e33fc7f440fc997cb79076fc68c57bfad1b5593324c6b6fbd9abe5868",
  // the graduation documents, the register that checks them, the higher-education entity's accreditation (issue 28, decision 061)
  6: "5cdec87ac4b0991344bbc563d3f3cdcea4725e57952e8d64cac23b2570c83fc0",
  // the bachelor's admission (dates, minimum scores), what a study form means, the free trial form's words, how visitors from abroad pay (issue 42, decisions 080, 081)
  7: "4c228a8f1f4c1a178ff44339615017158430a581378c53c10b6781e5a11f37ab",
  // a seminar's ticket terms: the refund terms and how visitors from abroad pay (issue 40, decision 085)
  8: "7d880f5dced81a0f3863ed98885d1dfdc39df263a3ab12d9af38df104630ba35",
  // the fortune wheel's campaign: a phone draws one prize in a campaign (issue 40, decision 052)
  9: "fc37e341bf8a46275207afc0535dfb0674a9a4eef4af00d91e4dc9b6b21c6614",
};

const fingerprint = () =>
  createHash("sha256")
    .update(JSON.stringify(toJSONSchema(catalogueSnapshotSchema, { unrepresentable: "any" })))
    .digest("hex");

describe("the snapshot's seal", () => {
  it("names the schema it was validated against: the schema has not changed without its version", () => {
    expect(
      fingerprint(),
      `the snapshot schema changed: raise SNAPSHOT_SCHEMA_VERSION in snapshot.ts and record the new fingerprint under it`,
    ).toBe(FINGERPRINTS[SNAPSHOT_SCHEMA_VERSION]);
  });

  it("is written by the push beside the snapshot and its current copy alone, and is the SHA-256 of its text", async () => {
    const entries = await contentEntries(defaultCatalogue("seal-v1"));
    const sealed = entries.filter((entry) => entry.metadata);
    expect(sealed.map((entry) => entry.key)).toEqual([`${CATALOGUE_KEY_PREFIX}seal-v1`, CURRENT_CATALOGUE_KEY]);
    const [snapshot, copy] = sealed;
    // the copy (decision 043): the same text, the same seal, and whose it is
    expect(copy!.value).toBe(snapshot!.value);
    expect(copy!.metadata).toEqual({ ...snapshot!.metadata, version: "seal-v1" });
    // before the pointer, which is written last
    expect(entries.at(-1)!.key).toBe(CONTENT_VERSION_KEY);
    expect(snapshot!.metadata).toEqual({ schema: SNAPSHOT_SCHEMA_VERSION, sha256: createHash("sha256").update(snapshot!.value).digest("hex") });
    expect(await sealOf(`${snapshot!.value} `)).not.toEqual(snapshot!.metadata);
    // KV keeps at most 1024 bytes of metadata per key
    expect(JSON.stringify(snapshot!.metadata).length).toBeLessThan(1024);
  });

  it("carries an article's reading minutes, not its text, which is written apart under its own key", async () => {
    const built = defaultCatalogue("seal-articles");
    const entries = await contentEntries(built);
    const snapshot = JSON.parse(entries.find((entry) => entry.key === `${CATALOGUE_KEY_PREFIX}seal-articles`)!.value) as Catalogue;
    expect(snapshot.journal.map((article) => [article.id, article.minutes])).toEqual(built.journal.map((article) => [article.id, article.minutes]));
    expect(snapshot.journal.filter((article) => "body" in article)).toEqual([]);
    for (const article of built.journal) {
      const entry = entries.find((e) => e.key === articleBodyKey("seal-articles", article.id));
      expect(JSON.parse(entry!.value)).toEqual(article.body);
    }
  });

  it("carries what pages read, not a document's text, which is in its PDF alone", async () => {
    const built = defaultCatalogue("seal-documents");
    const entries = await contentEntries(built);
    const snapshot = JSON.parse(entries.find((entry) => entry.key === `${CATALOGUE_KEY_PREFIX}seal-documents`)!.value) as Record<string, unknown[]>;
    expect(snapshot.documents).toHaveLength(built.documents.length);
    expect(snapshot.documents!.filter((document) => "body" in (document as object))).toEqual([]);
    const text = JSON.stringify(built.documents[0]!.body[0]);
    expect(entries.find((entry) => entry.key === `${CATALOGUE_KEY_PREFIX}seal-documents`)!.value).not.toContain(text.slice(1, -1));
  });
});

describe("a snapshot pushed before schema 5", () => {
  it("is served: its two readings of the admissions hours become the header's, its discount covers the programs", async () => {
    const current = defaultCatalogue("schema-4-v1");
    const { instalment: _i, refund: _r, intakeDays: _d, discountCovers: _c, ...site } = current.site;
    const older = { ...current, site: { ...site, admissionsHours: { footer: "Пн–Пт 9:00–19:00", header: "Пн–Сб 9:00–19:00" } } };
    const read = await parseSnapshot(JSON.stringify(older), "schema-4-v1");
    expect(read.site.admissionsHours).toEqual({ days: "Пн–Сб", opens: "09:00", closes: "19:00" });
    expect(read.site.discountCovers.pages).toContain("/programs");
    expect(read.site.discountCovers.pages).not.toContain("/bachelor");
    expect(read.site.instalment).toBeUndefined();
  });
});
