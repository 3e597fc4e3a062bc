/**
 * The mirror for Russian hosting (decision 042): the origins the Worker serves as an API, and the
 * domain the cookies of a mirror's visitor are set on.
 */

/** One origin as a browser sends it in `Origin`: http(s), a host, maybe a port; no path, query or trailing slash. */
export function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+$/.test(value)) return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** `MIRROR_ORIGINS`: origins separated by commas (spaces around them allowed), at least one. */
export function parseOrigins(value: string): string[] | null {
  const origins = value.split(",").map((item) => item.trim());
  return origins.every(isOrigin) ? origins : null;
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(":");

/**
 * The domain a cookie set by the API for a page of the mirror carries, so both hosts receive it:
 * the longest ending the two host names share (`api.example.ru` and `example.ru` or `ru.example.ru`:
 * `example.ru`). None (a host-only cookie) when the hosts are the same, are addresses, or share
 * less than two labels; two hosts on one site always share their registrable domain, so the
 * ending is never a public suffix when they are on one site, and when they are not, no cookie
 * could serve both anyway.
 */
export function sharedCookieDomain(apiHost: string, mirrorHost: string): string | undefined {
  const a = apiHost.toLowerCase();
  const b = mirrorHost.toLowerCase();
  if (a === b || isIp(a) || isIp(b)) return undefined;
  const left = a.split(".").reverse();
  const right = b.split(".").reverse();
  const shared: string[] = [];
  for (let i = 0; i < Math.min(left.length, right.length) && left[i] === right[i]; i++) shared.push(left[i]!);
  return shared.length >= 2 ? shared.reverse().join(".") : undefined;
}
