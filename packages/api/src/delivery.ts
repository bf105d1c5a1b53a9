import { countryName, countryOptions } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import {
  COUNTRY_CODES,
  checkDaysInOrder,
  DELIVERY_LIMITS,
  DeliveryRefusedError,
  deliveryHistory,
  deliveryZoneRules,
  loadDeliveryZones,
  removeDeliveryZone,
  saveDeliveryZone,
} from "@souls/shop/delivery";
import { TRPCError, type TRPCRouterRecord } from "@trpc/server";
import { copy } from "./admin-words";
import type { ApiContext } from "./context";
import { id, noInput, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const WORDS = copy.delivery;

/** Her refusals in French: 404 for a zone gone, 409 for a rule between zones. */
function refusal(cause: DeliveryRefusedError): TRPCError {
  const message = fill(WORDS.refusals[cause.reason], {
    max: DELIVERY_LIMITS.zones,
    zone: cause.detail.zone ?? "",
    country: cause.detail.country ? countryName(cause.detail.country, "fr") : "",
  });
  return new TRPCError({ code: cause.reason === "not_found" ? "NOT_FOUND" : "CONFLICT", message, cause });
}

async function refusedInFrench<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DeliveryRefusedError) throw refusal(error);
    throw error;
  }
}

/** The screen's data: the zones, every country she may choose (named in French), the history. */
async function forPanel(db: ApiContext["db"]) {
  const [zones, history] = await Promise.all([loadDeliveryZones(db), deliveryHistory(db)]);
  return toWire({ zones, history, countries: countryOptions(COUNTRY_CODES, "fr"), limits: DELIVERY_LIMITS });
}

const zoneInput = strictInput({ id: id.nullable(), ...deliveryZoneRules }).superRefine(checkDaysInOrder);

/**
 * « Livraison » (decision 049): the owner's delivery zones — their countries, price, free-delivery
 * threshold and the times shoppers read. A save shows on every page at the next request (the
 * table announces itself, decision 013); orders keep what they were sold with.
 */
export const deliveryRouter = {
  get: adminProcedure.input(noInput).query(({ ctx }) => forPanel(ctx.db)),

  /** Creates a zone (`id` null) or replaces one; every zone and the history come back. */
  saveZone: adminProcedure.input(zoneInput).mutation(async ({ ctx, input }) => {
    const { id: zoneId, ...zone } = input;
    await refusedInFrench(() => saveDeliveryZone(ctx.db, zoneId, zone, ctx.admin.name, WORDS.history));
    return forPanel(ctx.db);
  }),

  /** Removes a zone: its countries are no longer offered at the checkout. */
  removeZone: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await refusedInFrench(() => removeDeliveryZone(ctx.db, input.id, ctx.admin.name, WORDS.history));
    return forPanel(ctx.db);
  }),
} satisfies TRPCRouterRecord;
