/**
 * The site for the tests that read it over HTTP and need no browser (the `http` project): the
 * production build with the default content, in a Worker runtime of its own (startSite) on
 * E2E_PORT + 5 (the browser lanes take E2E_PORT and up, the drills' servers the offsets of
 * tests/e2e/own-server.ts). No Chromium is started.
 */
import type { TestProject } from "vitest/node";
import { buildOnce, e2ePort, startSite } from "../e2e/setup";

/** The offset of this project's server from E2E_PORT. */
const OFFSET = 5;

export default async function setup(project: TestProject) {
  await buildOnce();
  const server = await startSite(e2ePort() + OFFSET);
  // read through `siteUrl()` (tests/e2e/helpers.ts), as the browser files read theirs
  project.provide("baseUrls", [server.url]);
  return () => server.stop();
}
