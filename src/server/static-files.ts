/**
 * What the Worker reads from its own static files (public/, the ASSETS binding) instead of carrying
 * in its bundle, which a fresh isolate downloads and parses whole before its first request
 * (decision 095): each template's first-screen CSS (page-style.ts) and the phone library's
 * metadata (phone-metadata.ts). Their callers keep what they read, never a read under way.
 */

/**
 * The static file at `path` (from the site's root), tried twice when the fetch fails in flight or
 * the binding answers 5xx: the binding is this Worker's own. Throws when no try gave the file.
 */
export async function readStaticFile(assets: Fetcher, path: string): Promise<Response> {
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // the host is never looked at: the binding serves this Worker's files whatever it is
      const response = await assets.fetch(new Request(`https://assets.invalid${path}`));
      if (response.ok) return response;
      failure = new Error(`${path}: status ${response.status}`);
      // only the binding's own failure is worth a second try: a file that is not there will not be there then
      if (response.status < 500) break;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
