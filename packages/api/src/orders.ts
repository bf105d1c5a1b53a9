import { OWNER_REFUND_REASONS, RESTOCK_CHOICES } from "@souls/core/refunds";
import { ORDER_STATUSES } from "@souls/core/statuses";
import {
  correctShippingAddress,
  listOrders,
  markDelivered,
  markPrepared,
  markShipped,
  orderDetail,
  ordersToAttend,
  releaseUnpaidOrder,
  resendEmail,
} from "@souls/shop/admin";
import { isShopperPhone } from "@souls/shop/checkout";
import {
  cancelOrder,
  markReturnReceived,
  refundMismatchedPayment,
  refundOrder,
  retryRefund,
} from "@souls/shop/refunds";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { carrierKey } from "./carriers";
import {
  cursor,
  euros,
  INT4_MAX,
  id,
  int,
  line,
  noInput,
  optionalLine,
  orderNumber,
  requestKey,
  search,
  strictInput,
  text,
  yesOrNo,
} from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const byNumber = strictInput({ orderNumber });
const note = text(0, 500).optional();

/**
 * Lines (pieces of the order) or an amount: one of the two, never both, never neither; each line
 * once; an amount names no piece, so it puts none back in stock.
 */
const refundInput = strictInput({
  orderNumber,
  requestKey,
  reason: z.enum(OWNER_REFUND_REASONS, {
    error: "admin:input.refundReason",
  }),
  lines: z
    .array(strictInput({ itemId: int(1, INT4_MAX), quantity: int(1, 100) }), {
      error: "admin:input.listExpected",
    })
    .max(50, { error: "admin:input.atMostItems" })
    .optional(),
  includeShipping: yesOrNo.default(false),
  amount: euros(100_000).optional(),
  restock: z.enum(RESTOCK_CHOICES, { error: "admin:input.restockChoice" }),
  note,
})
  .refine((input) => (input.lines?.length ?? 0) > 0 !== (input.amount !== undefined), {
    error: "admin:input.piecesOrAmount",
    path: ["amount"],
  })
  .refine((input) => new Set(input.lines?.map((line) => line.itemId)).size === (input.lines?.length ?? 0), {
    error: "admin:input.lineTwice",
    path: ["lines"],
  })
  .refine((input) => input.amount === undefined || input.restock === "no", {
    error: "admin:input.amountNoRestock",
    path: ["restock"],
  });

export const ordersRouter = {
  /**
   * Newest first, a page after or before a given order (keyset: any depth costs the same);
   * abandoned checkouts only when asked, or their status is; the count stops at a thousand.
   */
  list: adminProcedure
    .input(
      strictInput({
        status: z.enum(ORDER_STATUSES, { error: "admin:input.unknownStatus" }).optional(),
        abandoned: yesOrNo.default(false),
        search: search.optional(),
        after: cursor.optional(),
        before: cursor.optional(),
        pageSize: int(1, 100).default(20),
      })
        .refine((input) => input.after === undefined || input.before === undefined, {
          error: "admin:input.malformed",
          path: ["before"],
        })
        .prefault({}),
    )
    .query(async ({ ctx, input }) => toWire(await listOrders(ctx.db, input))),

  /** Late refunds and payments to check: the orders that cannot wait, whatever the list shows. */
  attention: adminProcedure
    .input(noInput)
    .query(async ({ ctx }) => ({ orders: toWire(await ordersToAttend(ctx.db)) })),

  detail: adminProcedure
    .input(byNumber)
    .query(async ({ ctx, input }) => toWire(await orderDetail(ctx.db, input.orderNumber))),

  markShipped: adminProcedure
    .input(
      strictInput({
        orderNumber,
        carrier: carrierKey,
        trackingNumber: text(3, 64),
      }),
    )
    .mutation(({ ctx, input }) => markShipped(ctx.db, input)),

  markPrepared: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => markPrepared(ctx.db, input.orderNumber)),

  markDelivered: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => markDelivered(ctx.db, input.orderNumber)),

  /**
   * Lines or an amount given back through the order's own gateway: never more than was paid minus
   * earlier refunds, one refund per click however often it is sent (requestKey).
   */
  refund: adminProcedure.input(refundInput).mutation(({ ctx, input }) =>
    refundOrder(ctx.db, ctx.gateway, {
      orderNumber: input.orderNumber,
      requestKey: input.requestKey,
      reason: input.reason,
      lines: input.lines,
      includeShipping: input.includeShipping,
      amountCents: input.amount === undefined ? undefined : Math.round(input.amount * 100),
      restock: input.restock,
      note: input.note,
    }),
  ),

  /** A paid order not shipped yet, refunded in full and cancelled (pieces back unless said not). */
  cancel: adminProcedure
    .input(
      strictInput({
        orderNumber,
        requestKey,
        restock: yesOrNo.default(true),
        note,
      }),
    )
    .mutation(({ ctx, input }) => cancelOrder(ctx.db, ctx.gateway, input)),

  /**
   * A payment to check (the gateway took another amount than the total): exactly what was taken
   * given back, the order closed, its pieces on sale again, the shopper told. Once per order.
   */
  refundMismatch: adminProcedure
    .input(strictInput({ orderNumber, requestKey }))
    .mutation(({ ctx, input }) => refundMismatchedPayment(ctx.db, ctx.gateway, input)),

  /** A refund the bank did not answer for, asked again: still one refund at the gateway. */
  retryRefund: adminProcedure
    .input(strictInput({ refundId: id }))
    .mutation(({ ctx, input }) => retryRefund(ctx.db, ctx.gateway, input.refundId)),

  /** The parcel of a withdrawn order is back; its pieces back on the shelf unless said not. */
  markReturnReceived: adminProcedure
    .input(
      strictInput({
        orderNumber,
        restock: yesOrNo.default(true),
      }),
    )
    .mutation(async ({ ctx, input }) => toWire(await markReturnReceived(ctx.db, input))),

  /**
   * The shipping address corrected before the parcel leaves (never its country): the shopper is
   * told by e-mail, the change goes on the order's timeline.
   */
  correctAddress: adminProcedure
    .input(
      strictInput({
        orderNumber,
        firstName: line(1, 100),
        lastName: line(1, 100),
        address: line(1, 200),
        addressLine2: optionalLine(200),
        postalCode: line(1, 20).refine((value) => /^[\p{L}\p{N} -]+$/u.test(value), {
          error: "admin:input.postalCodeInvalid",
        }),
        city: line(1, 100),
        phone: optionalLine(30).refine((value) => value === null || isShopperPhone(value), {
          error: "admin:input.phoneInvalid",
        }),
        deliveryInstructions: text(0, 500)
          .nullable()
          .default(null)
          .transform((value) => value || null),
      }),
    )
    .mutation(({ ctx, input }) => correctShippingAddress(ctx.db, input)),

  /** One of the order's e-mails sent again: a sent one as a new message, a failed one tried again. */
  resendEmail: adminProcedure
    .input(strictInput({ orderNumber, emailId: id }))
    .mutation(({ ctx, input }) => resendEmail(ctx.db, input)),

  /** An unpaid order's hold given back: cancelled, its pieces for sale again. */
  releaseHold: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => releaseUnpaidOrder(ctx.db, input.orderNumber)),
} satisfies TRPCRouterRecord;
