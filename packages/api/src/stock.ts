import {
  adjustStock,
  createProduct,
  createTestProduct,
  listProducts,
  PRODUCT_LIMITS,
  removeProduct,
} from "@souls/shop";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import type { ProductChange } from "./context";
import { id, int, noInput, strictInput, text } from "./inputs";
import { relay } from "./relay";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const MAX_PRICE_EUROS = PRODUCT_LIMITS.maxPriceCents / 100;
/** 169.99 × 100 is 16998.999…: a price has at most two decimals if it is whole cents to rounding. */
const wholeCents = (euros: number) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;

const price = z
  .number({
    error: (issue) => (issue.input === undefined ? "Prix : champ obligatoire" : "Prix : nombre attendu"),
  })
  .gt(0, { error: "Prix : supérieur à 0" })
  .max(MAX_PRICE_EUROS, { error: `Prix : ${MAX_PRICE_EUROS} € au plus` })
  .refine(wholeCents, { error: "Prix : deux décimales au plus" });

export const stockRouter = {
  list: adminProcedure
    .input(strictInput({ search: text("Recherche", 0, 100).optional() }).prefault({}))
    .query(async ({ ctx, input }) => toWire(await listProducts(ctx.db, input.search))),

  create: adminProcedure
    .input(
      strictInput({
        reference: text("Référence", 1, PRODUCT_LIMITS.reference),
        name: text("Nom", 1, PRODUCT_LIMITS.name),
        price,
        stock: int("Stock", 0, PRODUCT_LIMITS.maxStock).default(0),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      toWire(
        await createProduct(ctx.db, {
          reference: input.reference,
          name: input.name,
          priceCents: Math.round(input.price * 100),
          stock: input.stock,
        }),
      ),
    ),

  adjust: adminProcedure
    .input(
      strictInput({
        id,
        delta: z.literal([-1, 1], { error: "Le stock change d’une pièce à la fois (+1 ou −1)" }),
      }),
    )
    .mutation(async ({ ctx, input }) => toWire(await adjustStock(ctx.db, input.id, input.delta))),

  remove: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => ({ outcome: await removeProduct(ctx.db, input.id) })),

  createTestProduct: adminProcedure
    .input(noInput)
    .mutation(async ({ ctx }) => toWire(await createTestProduct(ctx.db))),

  /** Every change of a product, live, until the client goes away (tRPC aborts `signal`). */
  changes: adminProcedure
    .input(noInput)
    .subscription(({ ctx, signal }) =>
      relay<ProductChange>((push) => ctx.productChanges.subscribe(push), signal),
    ),
} satisfies TRPCRouterRecord;
