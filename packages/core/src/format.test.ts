import { describe, expect, it } from "vitest";
import {
  countryName,
  countryOptions,
  formatDate,
  formatDateTime,
  formatMoney,
  formatOpening,
  formatPrice,
  formatShopDateTime,
  fromWallTime,
  shopDay,
  shopMonth,
  wallTimeOf,
} from "./format";

// Intl writes a narrow no-break space before "€" in French: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatting for a reader", () => {
  it("writes amounts from integer cents in each language", () => {
    expect(plain(formatMoney(16900, "EUR", "fr"))).toBe("169,00 €");
    expect(formatMoney(16900, "EUR", "en")).toBe("€169.00");
    expect(plain(formatPrice(16900, "fr"))).toBe("169 €");
    expect(plain(formatPrice(16900, "fr", { exact: true }))).toBe("169,00 €");
    expect(formatPrice(16950, "en")).toBe("€169.50");
  });

  it("writes dates and moments in Paris time", () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time, UTC+2).
    const late = "2025-03-31T23:30:00Z";
    expect(formatDate(late, "fr")).toBe("1 avril 2025");
    expect(formatDate(late, "en")).toBe("1 April 2025");
    expect(formatDate(new Date(late), "fr", "short")).toBe("01/04/2025");
    expect(formatDateTime(late, "fr", "short")).toBe("01/04/2025 01:30");
    expect(plain(formatDateTime(late, "fr"))).toMatch(/^1 avril 2025 (à )?01:30 UTC\+2$/);
    expect(shopMonth(late)).toBe("2025-04");
    // A shopper's page says the time without its zone's code, winter and summer alike.
    expect(plain(formatShopDateTime(late, "fr"))).toBe("1 avril 2025 à 01:30");
    expect(formatShopDateTime("2025-01-15T13:32:00Z", "en")).toBe("15 January 2025 at 14:32");
    expect(shopDay(late)).toBe("2025-04-01");
    expect(shopDay("2025-12-31T22:59:00Z")).toBe("2025-12-31");
  });

  it("names countries, a code it cannot name shown as given", () => {
    expect(countryName("de", "fr")).toBe("Allemagne");
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("1", "fr")).toBe("1");
  });

  it("lists countries sorted in the reader's language", () => {
    expect(countryOptions(["DE", "AT", "FR"], "fr").map((option) => option.name)).toEqual([
      "Allemagne",
      "Autriche",
      "France",
    ]);
    expect(countryOptions(["DE", "AT", "FR"], "en").map((option) => option.code)).toEqual(["AT", "FR", "DE"]);
  });
});

describe("a series' opening (decision 039)", () => {
  it("is the moment the day and hour typed in Paris stand for, in winter and in summer", () => {
    expect(fromWallTime("2026-12-04", "18:00")?.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(fromWallTime("2027-07-02", "18:00")?.toISOString()).toBe("2027-07-02T16:00:00.000Z");
    // The night summer time begins, 02:30 does not exist in Paris; the night it ends, it is the first.
    expect(fromWallTime("2027-03-28", "02:30")).toBeNull();
    expect(fromWallTime("2026-10-25", "02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    for (const [day, hour] of [
      ["2026-02-30", "10:00"],
      ["2026-13-01", "10:00"],
      ["2026-12-04", "24:00"],
      ["2026-12-04", "18:60"],
      ["04/12/2026", "18:00"],
      ["2026-12-04", "6 pm"],
    ] as const) {
      expect(fromWallTime(day, hour)).toBeNull();
    }
  });

  it("reads back as the fields typed it", () => {
    expect(wallTimeOf("2026-12-04T17:00:00.000Z")).toEqual({ date: "2026-12-04", time: "18:00" });
    expect(wallTimeOf("2027-07-02T16:30:00.000Z")).toEqual({ date: "2027-07-02", time: "18:30" });
  });

  it("is written as a shopper of each language reads it", () => {
    expect(formatOpening("2026-12-04T17:00:00.000Z", "fr")).toEqual({
      day: "vendredi 4 décembre",
      time: "18 h",
    });
    expect(formatOpening("2026-12-04T17:00:00.000Z", "en")).toEqual({
      day: "Friday 4 December",
      time: "6 pm",
    });
    expect(formatOpening("2027-07-02T16:30:00.000Z", "fr")).toEqual({
      day: "vendredi 2 juillet",
      time: "18 h 30",
    });
    expect(formatOpening("2027-07-02T16:30:00.000Z", "en")).toEqual({
      day: "Friday 2 July",
      time: "6:30 pm",
    });
  });
});
