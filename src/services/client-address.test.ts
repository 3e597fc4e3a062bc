import { describe, expect, it } from "vitest";
import { addressGroups, addressKey, ipv6Prefix64 } from "./client-address";

describe("the key a client address is counted under", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const keys = ["2001:db8:abcd:12::1", "2001:0db8:abcd:0012:ffff:ffff:ffff:ffff", "2001:DB8:ABCD:12:1:2:3:4", "2001:db8:abcd:12::"].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:abcd:12::/64"]));
    expect(addressKey("2001:db8:abcd:13::1")).not.toBe(keys[0]);
  });

  it("counts an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address, not as one bucket for all of them", () => {
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("0:0:0:0:0:ffff:c000:0201")).toBe("192.0.2.1");
    expect(addressKey("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(addressKey("::ffff:192.0.2.1")).not.toBe(addressKey("::ffff:192.0.2.2"));
    // not mapped: an ordinary IPv6 address whose /64 is all zeros stays one /64
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("reads the short forms of IPv6", () => {
    expect(ipv6Prefix64("::1")).toBe("0:0:0:0");
    expect(ipv6Prefix64("fe80::1%eth0")).toBe("fe80:0:0:0");
    expect(ipv6Prefix64("::ffff:192.0.2.1")).toBe("0:0:0:0");
    expect(ipv6Prefix64("2001:db8::")).toBe("2001:db8:0:0");
  });

  it("does not take what is not an IPv6 address for one", () => {
    for (const bad of ["1:2:3", "1::2::3", "2001:db8:zz::1", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1"]) expect(ipv6Prefix64(bad)).toBeNull();
    expect(addressKey("")).toBe("unknown");
    expect(addressKey(undefined)).toBe("unknown");
  });
});

describe("the groups a client address is counted under (decision 051)", () => {
  it("counts an IPv6 address by its /64 and by its /48, an IPv4 address by itself alone", () => {
    expect(addressGroups("2001:db8:abcd:12::1")).toEqual({ key: "2001:db8:abcd:12::/64", wide: "2001:db8:abcd::/48" });
    expect(addressGroups("2001:db8:abcd:ffff:1:2:3:4").wide).toBe("2001:db8:abcd::/48");
    expect(addressGroups("203.0.113.7")).toEqual({ key: "203.0.113.7" });
  });

  it("counts every 6to4 address of one /48 as the IPv4 address it carries", () => {
    const keys = ["2002:c000:0201::1", "2002:c000:201:1::", "2002:c000:201:ffff:1:2:3:4"].map((a) => addressGroups(a));
    for (const groups of keys) expect(groups).toEqual({ key: "192.0.2.1" });
    expect(addressKey("2002:cb00:7107::1")).toBe("203.0.113.7");
  });

  it("counts a Teredo address as its client's IPv4 address (the last 32 bits, inverted)", () => {
    // RFC 4380's example: client 192.0.2.45 behind port 40000, server 65.54.227.120
    expect(addressGroups("2001:0000:4136:e378:8000:63bf:3fff:fdd2")).toEqual({ key: "192.0.2.45" });
    expect(addressKey("2001:0:4136:e378:8000:63bf:3fff:fdd2")).toBe(addressKey("192.0.2.45"));
  });

  it("counts a NAT64 address (64:ff9b::/96) as the IPv4 address it carries", () => {
    expect(addressGroups("64:ff9b::192.0.2.33")).toEqual({ key: "192.0.2.33" });
    expect(addressGroups("64:ff9b::c000:221")).toEqual({ key: "192.0.2.33" });
  });

  it("does not take an ordinary address near those prefixes for one of them", () => {
    expect(addressGroups("2001:db8::1").key).toBe("2001:db8:0:0::/64");
    expect(addressGroups("64:ff9b:1::1").key).toBe("64:ff9b:1:0::/64");
  });
});
