/** Starts the fake third parties (in Node) that the Worker under test sends its leads to, and a fake YooKassa on a free port. */
import type { TestProject } from "vitest/node";
import { startFakeThirdParties } from "../support/fake-third-parties";
import { startFakeYooKassa } from "../support/fake-yookassa";

declare module "vitest" {
  export interface ProvidedContext {
    yookassaUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakeThirdParties(Number(process.env.FAKE_PORT ?? 9181));
  const yookassa = await startFakeYooKassa(0);
  project.provide("yookassaUrl", yookassa.url);
  return async () => {
    await fakes.close();
    await yookassa.close();
  };
}
