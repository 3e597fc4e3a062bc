/**
 * The key a client address is counted under: an IPv4 address as it is; an IPv6 address by its
 * /64, the block one subscriber gets (counting each address alone would let one visitor send from
 * 2^64 of them); an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries, so
 * such clients do not all share the one /64 of ::ffff:0:0. Anything else (tests, a local runtime)
 * is kept as given, bounded.
 */
export function addressKey(address: string | undefined): string {
  const value = (address ?? "").trim();
  if (!value) return "unknown";
  if (value.includes(":")) {
    const groups = ipv6Groups(value);
    if (groups) {
      const mapped = mappedIpv4(groups);
      return mapped ?? `${prefix64(groups)}::/64`;
    }
  }
  return value.slice(0, 64);
}

/** The first four groups of an IPv6 address, normalised (lowercase, no leading zeros); null if it is not one. */
export function ipv6Prefix64(address: string): string | null {
  const groups = ipv6Groups(address);
  return groups ? prefix64(groups) : null;
}

const prefix64 = (groups: number[]) =>
  groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");

/** The IPv4 address inside ::ffff:a.b.c.d (RFC 4291 2.5.5.2), whichever way it is written; null otherwise. */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit groups of an IPv6 address (a zone dropped, an IPv4 tail read as two groups); null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  const withoutZone = address.split("%")[0]!.toLowerCase();
  // an embedded IPv4 tail (::ffff:1.2.3.4) is two groups
  const ipv4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(withoutZone);
  let text = withoutZone;
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${withoutZone.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}
