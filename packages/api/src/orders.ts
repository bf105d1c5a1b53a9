import {
  CARRIERS,
  listOrders,
  markDelivered,
  markPrepared,
  markShipped,
  ORDER_STATUSES,
  orderDetail,
  releaseUnpaidOrder,
} from "@souls/shop";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { int, orderNumber, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const byNumber = strictInput({ orderNumber });

export const ordersRouter = {
  list: adminProcedure
    .input(
      strictInput({
        status: z.enum(ORDER_STATUSES, { error: "Statut inconnu" }).optional(),
        search: text("Recherche", 0, 100).optional(),
        page: int("Page", 1, 100_000).default(1),
        pageSize: int("Taille de page", 1, 100).default(20),
      }).prefault({}),
    )
    .query(async ({ ctx, input }) => toWire(await listOrders(ctx.db, input))),

  detail: adminProcedure
    .input(byNumber)
    .query(async ({ ctx, input }) => toWire(await orderDetail(ctx.db, input.orderNumber))),

  markShipped: adminProcedure
    .input(
      strictInput({
        orderNumber,
        carrier: z.enum(CARRIERS, { error: "Transporteur : choisissez Colissimo, Chronopost, DHL ou UPS" }),
        trackingNumber: text("Numéro de suivi", 3, 64),
      }),
    )
    .mutation(({ ctx, input }) => markShipped(ctx.db, input)),

  markPrepared: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => markPrepared(ctx.db, input.orderNumber)),

  markDelivered: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => markDelivered(ctx.db, input.orderNumber)),

  /** An unpaid order's hold given back: cancelled, its pieces for sale again. */
  releaseHold: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => releaseUnpaidOrder(ctx.db, input.orderNumber)),
} satisfies TRPCRouterRecord;
