/**
 * Renders a queued e-mail into what the mailer sends: subject, HTML and a plain-text alternative
 * written from the same template (headings, order lines in columns, links spelled out).
 */
import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { AddressCorrected } from "./emails/address-corrected";
import { BackInStock } from "./emails/back-in-stock";
import { Incident } from "./emails/incident";
import { LowStock } from "./emails/low-stock";
import { NewOrder } from "./emails/new-order";
import { OrderConfirmation } from "./emails/order-confirmation";
import { OrderRefund } from "./emails/order-refund";
import { OrderRefundedSoldOut } from "./emails/order-refunded-sold-out";
import { ReviewInvitation } from "./emails/review-invitation";
import { ReviewRejected } from "./emails/review-rejected";
import { ShippingNotification } from "./emails/shipping-notification";
import { SignupConfirmation } from "./emails/signup-confirmation";
import { TrackingLink } from "./emails/tracking-link";
import { WithdrawalAcknowledgement } from "./emails/withdrawal-acknowledgement";
import { reviewOptOutUrl, unsubscribeUrl } from "./links";
import {
  type EmailContext,
  type EmailMessage,
  emailSubject,
  isMarketingEmail,
  type MarketingEmailType,
  type RenderedEmail,
} from "./messages";

export {
  ADMIN_EMAIL_LINKS,
  absoluteUrl,
  adminOrderUrl,
  EMAIL_LINKS,
  type EmailLinkPage,
  reviewOptOutUrl,
  reviewUrl,
  shopUrl,
  signupConfirmUrl,
  trackingUrl,
  unsubscribeUrl,
} from "./links";
export * from "./messages";
export type { TemplateProps } from "./template-props";

/** The template element for a message; also what a test or a preview can render on its own. */
export function emailElement(message: EmailMessage, context: EmailContext): ReactElement {
  const { locale } = message;
  switch (message.type) {
    case "order_confirmation":
      return createElement(OrderConfirmation, { payload: message.payload, locale, context });
    case "shipping_notification":
      return createElement(ShippingNotification, { payload: message.payload, locale, context });
    case "withdrawal_acknowledgement":
      return createElement(WithdrawalAcknowledgement, { payload: message.payload, locale, context });
    case "order_refunded_sold_out":
      return createElement(OrderRefundedSoldOut, { payload: message.payload, locale, context });
    case "order_refund":
      return createElement(OrderRefund, { payload: message.payload, locale, context });
    case "back_in_stock":
      return createElement(BackInStock, { payload: message.payload, locale, context });
    case "signup_confirmation":
      return createElement(SignupConfirmation, { payload: message.payload, locale, context });
    case "review_invitation":
      return createElement(ReviewInvitation, { payload: message.payload, locale, context });
    case "review_rejected":
      return createElement(ReviewRejected, { payload: message.payload, locale, context });
    case "tracking_link":
      return createElement(TrackingLink, { payload: message.payload, locale, context });
    case "address_corrected":
      return createElement(AddressCorrected, { payload: message.payload, locale, context });
    case "new_order":
      return createElement(NewOrder, { payload: message.payload, locale, context });
    case "low_stock":
      return createElement(LowStock, { payload: message.payload, locale, context });
    case "incident":
      return createElement(Incident, { payload: message.payload, locale, context });
  }
}

type MarketingEmailMessage = Extract<EmailMessage, { type: MarketingEmailType }>;

function isMarketingMessage(message: EmailMessage): message is MarketingEmailMessage {
  return isMarketingEmail(message.type);
}

/** The one-click unsubscribe address of a marketing message (the same link its body shows). */
function listUnsubscribeUrl(message: EmailMessage, context: EmailContext): string | undefined {
  if (!isMarketingMessage(message)) return undefined;
  // A review invitation stops review invitations only; a sign-up's notice, every sign-up.
  return message.type === "review_invitation"
    ? reviewOptOutUrl(context.siteUrl, message.locale, message.payload.unsubscribeToken)
    : unsubscribeUrl(context.siteUrl, message.locale, message.payload.unsubscribeToken);
}

export async function renderEmail(message: EmailMessage, context: EmailContext): Promise<RenderedEmail> {
  const element = emailElement(message, context);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: emailSubject(message),
    html,
    text,
    listUnsubscribe: listUnsubscribeUrl(message, context),
  };
}
