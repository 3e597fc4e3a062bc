/**
 * Loading a script chunk on a phone's network: a dropped connection fails one fetch, not the
 * island. A failed load is asked again after 1 s and 3 s before it counts as failed.
 */
const RETRY_AFTER_MS = [1000, 3000];

export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const wait = RETRY_AFTER_MS[attempt];
      if (wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
