/**
 * The groups a client address is counted under (decision 051). One holder gets many addresses at
 * once: a subscriber an IPv6 /64, a customer of a host or a small business a /48, and the
 * transition forms carry an IPv4 address inside an IPv6 one. So every per-address budget counts:
 * - an IPv4 address by itself;
 * - an IPv6 address by its /64 (`key`) and, against a budget four times larger, by its /48
 *   (`wide`): a carrier's many subscribers in one /48 are not refused together, and the holder of
 *   a /48 cannot multiply a budget by its 65,536 /64s;
 * - an IPv6 address that carries an IPv4 address by that IPv4 address: IPv4-mapped
 *   (::ffff:a.b.c.d), NAT64 (64:ff9b::/96, RFC 6052), 6to4 (2002:AABB:CCDD::/48, RFC 3056: the
 *   whole /48 is one IPv4 address) and Teredo (2001:0::/32, RFC 4380: the client's address,
 *   inverted, in the last 32 bits).
 * Anything else (a test's label, a local runtime's) is kept as given, bounded.
 */
export interface AddressGroups {
  /** the group a budget counts first: an IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64") */
  key: string;
  /** an IPv6 address's /48 ("2001:db8:1::/48"), counted against four times the budget; none for IPv4 */
  wide?: string;
}

/** How much more a /48 may spend than one of its /64s. */
export const WIDE_FACTOR = 4;

export function addressGroups(address: string | undefined): AddressGroups {
  const value = (address ?? "").trim();
  if (!value) return { key: "unknown" };
  if (value.includes(":")) {
    const groups = ipv6Groups(value);
    if (groups) {
      const ipv4 = embeddedIpv4(groups);
      if (ipv4) return { key: ipv4 };
      return { key: `${prefix(groups, 4)}::/64`, wide: `${prefix(groups, 3)}::/48` };
    }
  }
  return { key: value.slice(0, 64) };
}

/** The group a budget counts first (`addressGroups(address).key`). */
export const addressKey = (address: string | undefined): string => addressGroups(address).key;

/** The first four groups of an IPv6 address, normalised (lowercase, no leading zeros); null if it is not one. */
export function ipv6Prefix64(address: string): string | null {
  const groups = ipv6Groups(address);
  return groups ? prefix(groups, 4) : null;
}

const prefix = (groups: number[], count: number) =>
  groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(":");

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, Teredo), whichever way it is written; null otherwise. */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  // ::ffff:a.b.c.d (RFC 4291 2.5.5.2)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return dotted(g6, g7);
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return dotted(g6, g7);
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056)
  if (g0 === 0x2002) return dotted(g1, g2);
  // 2001:0:SSSS:SSSS:flags:port:~CCCC:~CCCC, Teredo (RFC 4380): the client's address inverted
  if (g0 === 0x2001 && g1 === 0) return dotted(g6 ^ 0xffff, g7 ^ 0xffff);
  return null;
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
