/** The drills start servers of their own (own-server.ts, tests/load): they need only Chromium and the built site. */
import { prepareBrowserTests } from "./setup";

export default async function setup() {
  await prepareBrowserTests();
}
