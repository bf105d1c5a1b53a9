import { type PaymentGateway, testGateway } from "@souls/shop";

/**
 * The payment gateway in use. The offline test gateway is the default: every page then says
 * that no real payment is taken.
 */
export const gateway: PaymentGateway = testGateway;
export const testMode = gateway.provider === "test";
