import {
  adjustStock,
  createModel,
  createSampleProduct,
  listProducts,
  PRODUCT_LIMITS,
  productHistory,
  removeProduct,
  setProductPrice,
  unarchiveProduct,
} from "@souls/shop/admin";
import type { ProductChange } from "@souls/shop/product-changes";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { euros, id, int, noInput, strictInput, text } from "./inputs";
import { relay } from "./relay";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const price = euros(PRODUCT_LIMITS.maxPriceCents / 100);

export const productsRouter = {
  list: adminProcedure
    .input(strictInput({ search: text(0, 100).optional() }).prefault({}))
    .query(async ({ ctx, input }) => toWire(await listProducts(ctx.db, input.search))),

  /** « Ajouter un nouveau produit »: a draft of the catalogue, completed in its editor. */
  create: adminProcedure
    .input(
      strictInput({
        reference: text(1, PRODUCT_LIMITS.reference),
        name: text(1, PRODUCT_LIMITS.name),
        price,
        stock: int(0, PRODUCT_LIMITS.maxStock).default(0),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      toWire(
        await createModel(ctx.db, {
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
        delta: z.literal([-1, 1], { error: "admin:input.onePieceAtATime" }),
      }),
    )
    .mutation(async ({ ctx, input }) => toWire(await adjustStock(ctx.db, input.id, input.delta))),

  remove: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => ({ outcome: await removeProduct(ctx.db, input.id) })),

  /** A model's new price: the shop and open checkouts follow, orders placed before keep theirs. */
  setPrice: adminProcedure
    .input(strictInput({ id, price }))
    .mutation(async ({ ctx, input }) =>
      toWire(await setProductPrice(ctx.db, input.id, Math.round(input.price * 100))),
    ),

  /** An archived product back in the shop. */
  unarchive: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await unarchiveProduct(ctx.db, input.id))),

  /** Everything the owner changed on a product, newest first. */
  history: adminProcedure
    .input(strictInput({ id }))
    .query(async ({ ctx, input }) => ({ events: toWire(await productHistory(ctx.db, input.id)) })),

  createSample: adminProcedure
    .input(noInput)
    .mutation(async ({ ctx }) => toWire(await createSampleProduct(ctx.db))),

  /** Every change of a product, live, until the client goes away (tRPC aborts `signal`). */
  changes: adminProcedure
    .input(noInput)
    .subscription(({ ctx, signal }) =>
      relay<ProductChange>((push) => ctx.productChanges.subscribe(push), signal),
    ),
} satisfies TRPCRouterRecord;
