import { describe, expect, it } from "vitest";
import { carrierKeyFrom, fillTrackingTemplate, trackingTemplateProblem } from "./carriers";

describe("a carrier's tracking address", () => {
  it("takes the parcel's number, trimmed and URL-encoded, wherever {number} is", () => {
    expect(
      fillTrackingTemplate("https://www.laposte.fr/outils/suivre-vos-envois?code={number}", " 6A 123/4 "),
    ).toBe("https://www.laposte.fr/outils/suivre-vos-envois?code=6A%20123%2F4");
    expect(fillTrackingTemplate("https://suivi.example/{number}/colis?n={number}", "A&B#1")).toBe(
      "https://suivi.example/A%26B%231/colis?n=A%26B%231",
    );
  });

  it("is an https address of the carrier's own site with {number} in it", () => {
    for (const good of [
      "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}",
      "https://www.ups.com/track?tracknum={number}",
      "https://suivi.example/{number}",
    ]) {
      expect(trackingTemplateProblem(good), good).toBeNull();
    }
    expect(trackingTemplateProblem("http://suivi.example/?n={number}")).toBe("https");
    expect(trackingTemplateProblem("javascript:alert(1)//{number}")).toBe("https");
    expect(trackingTemplateProblem("https://suivi.example/?n=")).toBe("slot");
    expect(trackingTemplateProblem("https://suivi.example/?n={numero}")).toBe("slot");
    // The number never decides where the click goes: not in the host, nor as a user name.
    expect(trackingTemplateProblem("https://{number}.example/")).toBe("invalid");
    expect(trackingTemplateProblem("https://{number}@evil.example/")).toBe("invalid");
    expect(trackingTemplateProblem("https://user:pw@suivi.example/{number}")).toBe("invalid");
    expect(trackingTemplateProblem("https:// suivi/{number}")).toBe("invalid");
  });
});

describe("a carrier's key", () => {
  it("comes from its name, in plain lowercase letters and dashes", () => {
    expect(carrierKeyFrom("Mondial Relay")).toBe("mondial-relay");
    expect(carrierKeyFrom("  Relais Colis® (Île-de-France) ")).toBe("relais-colis-ile-de-france");
    expect(carrierKeyFrom("!!!")).toBe("transporteur");
    expect(carrierKeyFrom("x".repeat(80)).length).toBe(40);
  });
});
