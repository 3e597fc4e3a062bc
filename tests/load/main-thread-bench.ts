/**
 * `npm run bench -- main-thread` (issue 41, point 2): what a phone's main thread does after the first
 * paint, on one page of every template. Debian's Chromium at a phone's width, the CPU slowed 4× by
 * the DevTools protocol (real time, not Lighthouse's simulation), no network throttling; the page's
 * trace is read from its navigation to 4 s after its load. Printed per template, the median of
 * BENCH_MAIN_THREAD_RUNS (3) fresh browsers:
 *  - the longest run of scripts in one task after the first contentful paint (the site's: the
 *    bench turns the captcha off, and no Metrika is consented to; the bound: 50 ms), and
 *    how many tasks ran scripts for a millisecond or more;
 *  - the longest task after the first paint of any kind (parsing, style, layout, paint);
 *  - the main thread's busy time after the first paint, all tasks together.
 * Figures, not assertions.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MOBILE } from "../support/browser";
import { ensureChromium } from "../../scripts/ensure-chromium";
import { templateAddresses } from "./lighthouse-templates";

const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 3);
const WATCH_MS = 4000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

interface Run {
  longestScriptRun: number;
  scriptTasks: number;
  longestTask: number;
  busy: number;
}

/** Where a task runs a script: a module's evaluation, a script's, or a callback (timer, frame, idle, event, observer). */
const SCRIPT_EVENTS = new Set(["v8.evaluateModule", "EvaluateScript", "FunctionCall", "TimerFire", "FireAnimationFrame", "FireIdleCallback", "EventDispatch", "RunMicrotasks"]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The page's main thread after its first contentful paint: each task's length, and how long scripts
 * ran in it (the union of its script events' spans, a callback's forced style and layout included:
 * a task that lays out the page and then runs a microtask is not a script's).
 */
function tasksAfterPaint(events: TraceEvent[]): { ms: number; scriptMs: number }[] {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) throw new Error("main-thread bench: no first contentful paint in the trace");
  const main = events.find((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === paint.pid);
  if (!main) throw new Error("main-thread bench: no renderer main thread in the trace");
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X").sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === "RunTask" && event.ts >= paint.ts);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    let scriptUs = 0;
    let coveredTo = task.ts;
    for (const event of onMain) {
      if (event.ts < task.ts || event.ts >= end || !SCRIPT_EVENTS.has(event.name)) continue;
      const to = Math.min(end, event.ts + (event.dur ?? 0));
      if (to <= coveredTo) continue;
      scriptUs += to - Math.max(coveredTo, event.ts);
      coveredTo = to;
    }
    return { ms: (task.dur ?? 0) / 1000, scriptMs: scriptUs / 1000 };
  });
}

async function watch(base: string, path: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "ru-RU" });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading"] });
    await page.goto(base + path, { waitUntil: "load" });
    await page.waitForTimeout(WATCH_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const tasks = tasksAfterPaint(trace.traceEvents);
    // a task whose scripts ran at least a millisecond
    const scripts = tasks.filter((task) => task.scriptMs >= 1);
    return {
      longestScriptRun: Math.max(0, ...scripts.map((task) => task.scriptMs)),
      scriptTasks: scripts.length,
      longestTask: Math.max(0, ...tasks.map((task) => task.ms)),
      busy: tasks.reduce((sum, task) => sum + task.ms, 0),
    };
  } finally {
    await browser.close();
  }
}

/** Needs the Worker running at `base`; prints one row a template. */
export async function printMainThread(base: string): Promise<void> {
  ensureChromium();
  const pages = await templateAddresses(base);
  console.log(`\nThe main thread after the first paint: a phone's width, the CPU slowed 4× (real time), ${WATCH_MS / 1000} s after the load, the median of ${RUNS} runs, ms`);
  console.log("template          page                                     longest script run  script tasks  longest task  busy");
  for (const [name, path] of pages) {
    const runs: Run[] = [];
    for (let n = 0; n < RUNS; n++) runs.push(await watch(base, path));
    const of = (key: keyof Run) => median(runs.map((run) => run[key]));
    console.log(
      `${name.padEnd(17)} ${path.slice(0, 38).padEnd(38)} ${of("longestScriptRun").toFixed(0).padStart(19)} ${of("scriptTasks").toFixed(0).padStart(13)} ${of("longestTask").toFixed(0).padStart(13)} ${of("busy").toFixed(0).padStart(5)}`,
    );
  }
}
