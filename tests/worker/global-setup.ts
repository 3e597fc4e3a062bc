/** Starts the fake third parties (in Node) that the Worker under test sends its leads to. */
import { startFakeThirdParties } from "../support/fake-third-parties";

export default async function setup() {
  const fakes = await startFakeThirdParties(Number(process.env.FAKE_PORT ?? 9181));
  return () => fakes.close();
}
