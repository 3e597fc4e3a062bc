/**
 * Run before each browser test file (the `e2e` project's `setupFiles`): the hooks that close what a
 * test opened. They live here, not in helpers.ts, because the files of a lane share one module
 * graph (`isolate: false`), and a shared module's hooks would join only the first file's suite.
 */
import { afterEach, beforeEach } from "vitest";
import { testBegins, testEnded } from "./helpers";

beforeEach(testBegins);
afterEach(testEnded);
