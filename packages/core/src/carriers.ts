/**
 * The carriers are the owner's data (decision 050): she names each one and gives the address of
 * its tracking page, a template where `{number}` stands for the parcel's number. These are the
 * rules every part of the shop agrees on; the list itself lives in the database (@souls/shop/carriers).
 */

/** Where the parcel's number goes in a tracking address. */
export const TRACKING_NUMBER_SLOT = "{number}";

/** How many carriers the list may hold, retired ones included (they stay on old orders). */
export const MAX_CARRIERS = 20;
export const CARRIER_NAME_MAX_LENGTH = 60;
export const TRACKING_TEMPLATE_MAX_LENGTH = 300;

/** A carrier's key: what an order and the shipping form name it by, never changed by a rename. */
export const CARRIER_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CARRIER_KEY_MAX_LENGTH = 40;

/** The platform's address parser (browser and Node alike): core compiles without either's types. */
interface ParsedAddress {
  protocol: string;
  host: string;
  hostname: string;
  username: string;
  password: string;
}
declare const URL: new (input: string) => ParsedAddress;

/** Why a tracking-address template is refused, or null when it is a good one. */
export type TrackingTemplateProblem = "https" | "slot" | "invalid";

/**
 * A template is an https address with `{number}` in it, once filled in still a valid address on
 * the same host: the parcel's number can only land in the path or the query, never change where the
 * shopper's click goes.
 */
export function trackingTemplateProblem(template: string): TrackingTemplateProblem | null {
  if (!template.toLowerCase().startsWith("https://")) return "https";
  if (!template.includes(TRACKING_NUMBER_SLOT)) return "slot";
  let bare: ParsedAddress;
  let filled: ParsedAddress;
  try {
    bare = new URL(template.replaceAll(TRACKING_NUMBER_SLOT, "0"));
    filled = new URL(fillTrackingTemplate(template, "6A 12/3?#@x"));
  } catch {
    return "invalid";
  }
  if (bare.protocol !== "https:" || bare.username || bare.password) return "invalid";
  if (filled.host !== bare.host || bare.hostname.includes(TRACKING_NUMBER_SLOT)) return "invalid";
  if (new URL(template.replaceAll(TRACKING_NUMBER_SLOT, "x")).host !== bare.host) return "invalid";
  return null;
}

/** The carrier's page for one parcel: its number trimmed and URL-encoded into every `{number}`. */
export function fillTrackingTemplate(template: string, trackingNumber: string): string {
  return template.replaceAll(TRACKING_NUMBER_SLOT, encodeURIComponent(trackingNumber.trim()));
}

/** A key for a new carrier from its name: « Mondial Relay » → `mondial-relay`. */
export function carrierKeyFrom(name: string): string {
  const key = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, CARRIER_KEY_MAX_LENGTH)
    .replace(/-+$/, "");
  return key === "" ? "transporteur" : key;
}

/** What the carriers' history records (carrier_events.kind). */
export const CARRIER_EVENTS = ["added", "renamed", "template_changed", "retired", "restored"] as const;
export type CarrierEventKind = (typeof CARRIER_EVENTS)[number];
