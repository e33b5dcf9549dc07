// Issue "hardening" item 1: the address a visitor's allowance is also counted on (docs/decisions/0011). IPv4 as is,
// IPv6 by its /64 (one household or phone gets a whole /64), however the address is written.
import { describe, expect, it } from "vitest";
import { addressBucket } from "../../app/.server/credits/address";

describe("addressBucket", () => {
  it("keeps an IPv4 address whole", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("reduces an IPv6 address to its /64, however it is written", () => {
    const bucket = "2001:db8:1:2::/64";
    expect(addressBucket("2001:db8:1:2::1")).toBe(bucket);
    expect(addressBucket("2001:db8:1:2:ffff:1:2:3")).toBe(bucket);
    expect(addressBucket("2001:0DB8:0001:0002:0000:0000:0000:ABCD")).toBe(bucket);
    expect(addressBucket("2001:db8:1:2::1%eth0")).toBe(bucket);
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keeps anything else as it came, bounded", () => {
    expect(addressBucket("local")).toBe("local");
    expect(addressBucket("x".repeat(500))).toHaveLength(64);
  });
});
