import type { Actor, OrderChange } from "@souls/core/actors";
import type { AdminAccessEventKind, AdminRole } from "@souls/core/admin-roles";
import type { CarrierEventKind } from "@souls/core/carriers";
import type { EmailType, IncidentKind } from "@souls/core/email-types";
import type { Locale } from "@souls/core/locales";
import type { ArticleEventKind, ArticleStatus, ArticleTone } from "@souls/core/magazine";
import type { ProductEventKind } from "@souls/core/product-events";
import type { RefundReason, RefundSource, RestockChoice } from "@souls/core/refunds";
import type { ReviewRejectionReason, ReviewStatus } from "@souls/core/reviews";
import type { PaperSeller, SellerIdentity } from "@souls/core/seller";
import type { ShopWordEventKind, ShopWordOverrides } from "@souls/core/shop-words";
import type { SignupSource } from "@souls/core/signups";
import type { EmailStatus, OrderStatus, PaymentStatus, RefundStatus } from "@souls/core/statuses";
import type { RateBasisPoints, VatBasis, VatRegime } from "@souls/core/vat";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps are written by PostgreSQL defaults and read back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProductsTable {
  id: Generated<number>;
  /** Owner-facing stock reference, e.g. `Aicha-01`. */
  reference: string;
  /** Model code used in URLs and checkout queries: aicha, nadia, bilin, ilian. */
  slug: string;
  name: string;
  priceCents: number;
  currency: ColumnType<string, string | undefined, string>;
  /** Pieces on hand. */
  stock: ColumnType<number, number | undefined, number>;
  /** Pieces held by unpaid orders; available = stock - reserved. */
  reserved: ColumnType<number, number | undefined, number>;
  /** Set instead of deleting a product that has orders: it leaves the grid, keeps its page. */
  archivedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The series it belongs to, and its place in it. */
  seriesId: ColumnType<number | null, number | null | undefined, number | null>;
  position: ColumnType<number, number | undefined, number>;
  /** Null while a draft: only the owner sees its page. */
  publishedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set while on sale: its "before" price is the lowest of the 30 days before this moment. */
  onSaleSince: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A limited series of models; the `featured` one is the home page's. */
export interface SeriesTable {
  id: Generated<number>;
  titleFr: string;
  titleEn: string;
  subtitleFr: ColumnType<string, string | undefined, string>;
  subtitleEn: ColumnType<string, string | undefined, string>;
  featured: ColumnType<boolean, boolean | undefined, boolean>;
  /** When it opens to everyone (Paris time as the owner set it); null: on sale once published. */
  opensAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Minutes before `opensAt` that confirmed early-notice subscribers may buy: 0, 30, 60 or 1440. */
  earlyAccessMinutes: ColumnType<number, number | undefined, number>;
  /** Pieces of one model a shopper may buy while the launch limit lasts. */
  launchLimitPieces: ColumnType<number, number | undefined, number>;
  /** Hours after the public opening that the launch limit lasts (0: only during early access). */
  launchLimitHours: ColumnType<number, number | undefined, number>;
  /** Its address's last segment in each language: made from its title at creation, then kept (decision 040). */
  slugFr: ColumnType<string, string | undefined, never>;
  slugEn: ColumnType<string, string | undefined, never>;
  /** Its picture for the home page's hero and its page (the hash naming its cuts), or null. */
  pictureSource: ColumnType<string | null, string | null | undefined, string | null>;
  pictureWidth: ColumnType<number | null, number | null | undefined, number | null>;
  pictureHeight: ColumnType<number | null, number | null | undefined, number | null>;
  pictureAltFr: ColumnType<string, string | undefined, string>;
  pictureAltEn: ColumnType<string, string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** What a model says of itself in one language (plain text, paragraphs separated by blank lines). */
export interface ProductMaterials {
  fabric: string;
  embroidery: string;
  hardware: string;
  lining: string;
  leather: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Plain text in and out: jsonb columns written as their JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ProductTextsTable {
  productId: number;
  locale: Locale;
  /** Its address in this language, unique across the shop. */
  path: string;
  tagline: ColumnType<string, string | undefined, string>;
  cardDescription: ColumnType<string, string | undefined, string>;
  shortDescription: ColumnType<string, string | undefined, string>;
  longDescription: ColumnType<string, string | undefined, string>;
  materials: Json<Partial<ProductMaterials>>;
  craftsmanship: ColumnType<string, string | undefined, string>;
  heritage: ColumnType<string, string | undefined, string>;
  faq: Json<FaqItem[]>;
  dimensions: ColumnType<string, string | undefined, string>;
  weight: ColumnType<string, string | undefined, string>;
  strap: ColumnType<string, string | undefined, string>;
  care: ColumnType<string, string | undefined, string>;
  safety: ColumnType<string, string | undefined, string>;
  updatedAt: UpdatedAt;
}

/** An address a model had before: it answers 301 to the current one. */
export interface ProductPathsTable {
  path: string;
  productId: number;
  locale: Locale;
  retiredAt: CreatedAt;
}

export interface ProductPhotosTable {
  id: Generated<number>;
  productId: number;
  /** 0 is the cover. */
  position: number;
  /** The hash naming an uploaded photo's files, or a path of the site's own (the launch drawings). */
  source: string;
  width: number;
  height: number;
  altFr: ColumnType<string, string | undefined, string>;
  altEn: ColumnType<string, string | undefined, string>;
  createdAt: CreatedAt;
}

export type PhotoFormat = "avif" | "webp" | "jpeg";

/** One cut of a photo: a width in a format. */
export interface PhotoFilesTable {
  photoId: number;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** One cut of a series' picture: a width in a format (replaced with the picture). */
export interface SeriesPictureFilesTable {
  seriesId: number;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A magazine article (decision 052): her words in each language, its address, its status. */
export interface ArticlesTable {
  id: Generated<number>;
  status: ColumnType<ArticleStatus, ArticleStatus | undefined, ArticleStatus>;
  /** When shoppers see it (published, or scheduled for then); null for a draft never published. */
  publishAt: Date | null;
  slugFr: string;
  slugEn: string;
  /** The article's words in the language (@souls/shop/magazine's ArticleWords), as JSON. */
  wordsFr: ColumnType<unknown, string, string>;
  wordsEn: ColumnType<unknown, string, string>;
  tone: ColumnType<ArticleTone, ArticleTone | undefined, ArticleTone>;
  /** Her own reading time in minutes; null: computed from the text. */
  readMinutes: number | null;
  alsoRead: ColumnType<number[], number[] | undefined, number[]>;
  coverSource: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** An address an article had before: it answers a 301 to the current one. */
export interface ArticleAddressesTable {
  locale: Locale;
  slug: string;
  articleId: number;
}

/** One cut of an article's cover photo: a width in a format (replaced with the photo). */
export interface ArticleCoverFilesTable {
  articleId: number;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The panel's history of an article, naming who did each thing. */
export interface ArticleEventsTable {
  id: Generated<number>;
  articleId: number;
  kind: ArticleEventKind;
  actorName: ColumnType<string | null, string | null | undefined, never>;
  createdAt: CreatedAt;
}

/** The Commission's notice on the legal guarantee, one per language, stored as uploaded. */
export interface GuaranteeNoticesTable {
  locale: "fr" | "en";
  name: string;
  contentType: "image/png" | "image/jpeg" | "image/webp" | "application/pdf";
  width: number | null;
  height: number | null;
  byteSize: number;
  bytes: Buffer;
  uploadedBy: string;
  uploadedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type { SignupSource };

export interface SignupsTable {
  id: Generated<number>;
  /** Stored trimmed and lower-cased; unique with the product: a repeated sign-up is not a new row. */
  email: string;
  name: string | null;
  locale: Locale;
  source: SignupSource;
  /** The model a back-in-stock sign-up waits for (source `waitlist`); null otherwise. */
  productId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the back-in-stock e-mail was queued; null while the address still waits. */
  notifiedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the address confirmed through its e-mail (double opt-in): the proof of consent. */
  confirmedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Keyed hash of the address of the client that signed it up (the sign-up rate limit). */
  clientHash: ColumnType<string | null, string | null | undefined, string | null>;
  consentedAt: CreatedAt;
  createdAt: CreatedAt;
}

/** One sign-up attempt (any list, new address or known): the per-client hourly allowance counts these. */
export interface SignupAttemptsTable {
  id: Generated<string>;
  /** Keyed hash of the client's address. */
  clientHash: string;
  createdAt: CreatedAt;
}

export type PaymentProvider = "stripe" | "test";

export interface OrdersTable {
  id: Generated<number>;
  orderNumber: string;
  checkoutKey: string;
  locale: Locale;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  paymentStatus: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  /** The address's second line (building, floor), if any. */
  addressLine2: ColumnType<string | null, string | null | undefined, string | null>;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** For the carrier, who texts the recipient; optional. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  deliveryInstructions: string | null;
  customerNote: string | null;
  subtotalCents: number;
  shippingCents: number;
  /** The delivery it was sold with (its zone and the times announced); null only for orders a test wrote bare. */
  delivery: ColumnType<DeliveryPromise | null, string | null | undefined, string | null>;
  totalCents: number;
  currency: ColumnType<string, string | undefined, string>;
  paymentProvider: PaymentProvider;
  /** The provider's PaymentIntent or Checkout Session id. */
  paymentReference: string | null;
  reservedUntil: ColumnType<Date, Date | string, Date | string>;
  /** The key of the carrier it left with (carriers.key). */
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's name and the parcel's page as they were when it left (decision 050). */
  carrierName: ColumnType<string | null, string | null | undefined, string | null>;
  carrierTrackingUrl: ColumnType<string | null, string | null | undefined, string | null>;
  paidAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  shippedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deliveredAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the shopper withdrew from the contract (right of withdrawal). */
  withdrawnAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the owner received the parcel sent back after a withdrawal. */
  returnedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Keyed hash of the address of the client that placed it (per-client limits); null for the owner's. */
  clientHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner's test order (« Test Commande »): holds no piece, counts in no figure nor export. */
  isTest: ColumnType<boolean, boolean | undefined, boolean>;
  /** The discount code the shopper gave (decision 048), as typed then, and what it took off in all. */
  discountCodeId: ColumnType<number | null, number | null | undefined, number | null>;
  discountCode: ColumnType<string | null, string | null | undefined, string | null>;
  discountCents: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** An owner's discount code (decision 048). */
export interface DiscountCodesTable {
  id: Generated<number>;
  /** Upper case, 3 to 32 letters, digits, `-` or `_`. */
  code: string;
  kind: "percent" | "amount";
  /** Percent (1 to 100) or cents off. */
  value: number;
  startsAt: ColumnType<Date, Date | string, Date | string>;
  endsAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Uses by orders not cancelled nor expired, at most; null: no limit. */
  maxUses: ColumnType<number | null, number | null | undefined, number | null>;
  oncePerEmail: ColumnType<boolean, boolean | undefined, boolean>;
  minSubtotalCents: ColumnType<number, number | undefined, number>;
  /** The models and series it applies to; both empty: every model. */
  productIds: ColumnType<number[], number[] | undefined, number[]>;
  seriesIds: ColumnType<number[], number[] | undefined, number[]>;
  /** Whether it also takes off from a model on sale. */
  addsToSale: ColumnType<boolean, boolean | undefined, boolean>;
  endedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The codes' history in the panel: created, ended, and who did it. */
export interface DiscountCodeEventsTable {
  id: Generated<number>;
  discountCodeId: number;
  kind: "created" | "ended";
  actorName: ColumnType<string | null, string | null | undefined, never>;
  createdAt: CreatedAt;
}

/** A code a client typed that the shop does not know (the guessing limits, docs/security.md). */
export interface DiscountCodeAttemptsTable {
  id: Generated<string>;
  clientHash: string;
  createdAt: CreatedAt;
}

export interface OrderItemsTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** Pieces of this line put back on the shelf since (cancellation, withdrawal, return). */
  restockedQuantity: ColumnType<number, number | undefined, number>;
  /** What the order's discount code took off this line, in all (decision 048). */
  discountCents: ColumnType<number, number | undefined, number>;
}

export type { RefundReason };
/** Pieces back on the shelf now, when the parcel comes back, or not at all. */
export type RefundRestock = RestockChoice;

export interface RefundsTable {
  id: Generated<number>;
  orderId: number;
  provider: PaymentProvider;
  amountCents: number;
  /** The part of the amount that gives back the delivery. */
  shippingCents: ColumnType<number, number | undefined, number>;
  reason: RefundReason;
  /** The owner's own words, never shown to the shopper. */
  note: string | null;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  /** The owner's click: a retried request finds its refund instead of making another. */
  requestKey: string | null;
  /** The gateway's id of the refund (Stripe's re_…); unique, so a refund is recorded once. */
  providerRefundId: string | null;
  /** Made from the panel (admin), by the shop itself (system), or found at the gateway (provider). */
  source: RefundSource;
  restock: RefundRestock;
  lastError: string | null;
  createdAt: CreatedAt;
  settledAt: Date | null;
}

export interface RefundItemsTable {
  refundId: number;
  orderItemId: number;
  quantity: number;
}

export type { ProductEventKind };

export interface ProductEventsTable {
  id: Generated<number>;
  productId: number;
  kind: ProductEventKind;
  fromValue: string | null;
  toValue: string | null;
  actor: string;
  /** The panel's person who did it (decision 043), added by the admin API; null otherwise. */
  actorName: ColumnType<string | null, string | null | undefined, never>;
  createdAt: CreatedAt;
}

export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Who made the change: shopper, system, admin, or the payment provider. */
  actor: Actor;
  /** The panel's person who did it (decision 043), added by the admin API; null otherwise. */
  actorName: ColumnType<string | null, string | null | undefined, never>;
  note: string | null;
  createdAt: CreatedAt;
}

export interface PaymentEventsTable {
  provider: PaymentProvider;
  eventId: string;
  type: string;
  orderId: number | null;
  /** What the gateway says it took (a successful payment); null for news without an amount. */
  amountCents: ColumnType<number | null, number | null | undefined, never>;
  currency: ColumnType<string | null, string | null | undefined, never>;
  receivedAt: CreatedAt;
}

/**
 * A payment the gateway took for another amount (or currency) than its order's total: never
 * applied, kept for the owner to check (payment status `mismatch`). One per order, the first.
 */
export interface PaymentChecksTable {
  orderId: number;
  provider: PaymentProvider;
  eventId: string;
  receivedCents: number;
  receivedCurrency: string;
  expectedCents: number;
  expectedCurrency: string;
  createdAt: CreatedAt;
}

export interface EmailQueueTable {
  id: Generated<number>;
  orderId: number | null;
  recipient: string;
  locale: Locale;
  type: EmailType;
  subject: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  /** 0 transactional, 1 marketing: the worker sends the lower number first. */
  priority: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedUntil: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: CreatedAt;
}

export interface TrackingTokensTable {
  id: Generated<number>;
  orderId: number;
  tokenHash: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: CreatedAt;
}

/**
 * One request of the find-my-order form (a number and an address), matching or not: the
 * per-client allowance counts them all, the per-order one those that sent a link.
 */
export interface TrackingLinkRequestsTable {
  id: Generated<string>;
  /** Keyed hash of the client's address; what was typed is never stored. */
  clientHash: string;
  /** The order whose link was sent; null when nothing was. */
  orderId: number | null;
  createdAt: CreatedAt;
}

export type TrackingOutcome = "found" | "unknown" | "expired" | "malformed" | "blocked";

export interface TrackingAccessLogTable {
  id: Generated<string>;
  /** Keyed hash of the client's address; the token itself is never stored. */
  clientHash: string;
  success: boolean;
  outcome: TrackingOutcome;
  orderId: number | null;
  createdAt: CreatedAt;
}

export interface TrackingBlocksTable {
  clientHash: string;
  blockedUntil: ColumnType<Date, Date | string, Date | string>;
}

export interface AdminSessionsTable {
  /** sha-256 of the session id the cookie carries. */
  idHash: string;
  /** Whose session it is (admin_people). */
  personId: ColumnType<string, string | number, never>;
  /** The device's user agent, cut to 300 characters. */
  userAgent: ColumnType<string, string | undefined, never>;
  /** Where from, approximately: the address masked to its network (IPv4 /24, IPv6 /48). */
  network: ColumnType<string, string | undefined, never>;
  lastSeenAt: ColumnType<Date, Date | string | undefined, Date | string>;
  createdAt: CreatedAt;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
}

/** The history of the panel's access (decision 043). */
export interface AdminAccessEventsTable {
  id: Generated<string>;
  kind: AdminAccessEventKind;
  /** Whose access it was. */
  personName: string;
  /** Who did it. */
  actorName: string;
  createdAt: CreatedAt;
}

/** The owner's carriers (decision 050): a retired one stays, named by the orders that left with it. */
export interface CarriersTable {
  key: string;
  name: string;
  /** An https address with `{number}` where the parcel's number goes. */
  trackingTemplate: string;
  position: Generated<number>;
  retiredAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The history of her carriers: what changed, before and after, and who did it. */
export interface CarrierEventsTable {
  id: Generated<string>;
  carrierKey: string;
  kind: CarrierEventKind;
  /** The carrier's name at the time. */
  carrierName: string;
  before: string | null;
  after: string | null;
  /** Who in the panel did it (the admin API adds it, decision 043). */
  actorName: ColumnType<string | null, string | null | undefined, never>;
  createdAt: CreatedAt;
}

/** The people who log in to the panel: the owner and the helpers she gives an access (decision 043). */
export interface AdminPeopleTable {
  id: Generated<string>;
  role: AdminRole;
  name: string;
  login: string;
  /** `scrypt$<salt>$<key>`, both base64url. */
  passwordHash: string;
  passwordChangedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  createdAt: CreatedAt;
  removedAt: ColumnType<Date | null, never, Date | string>;
}

export interface AdminLoginAttemptsTable {
  id: Generated<string>;
  clientHash: string;
  success: boolean;
  createdAt: CreatedAt;
}

export interface EmailAccessLogTable {
  id: Generated<string>;
  accessMethod: string;
  accessedBy: string;
  createdAt: CreatedAt;
}

/** The shop's words the owner published, one row per language: only what she changed (decision 051). */
export interface ShopWordsTable {
  locale: Locale;
  texts: Json<ShopWordOverrides>;
  publishedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  publishedBy: string;
}

/** The words she is writing and previews, one draft per language: the whole set to publish. */
export interface ShopWordDraftsTable {
  locale: Locale;
  texts: Json<ShopWordOverrides>;
  savedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  savedBy: string;
}

/** The history of these words: drafts saved, publications (the texts they changed), drafts dropped. */
export interface ShopWordEventsTable {
  id: Generated<string>;
  /** Null for the hero picture's changes, which are both languages'. */
  locale: Locale | null;
  kind: ShopWordEventKind;
  changed: ColumnType<string[], string[] | undefined, never>;
  actorName: string | null;
  createdAt: CreatedAt;
}

/** The home page's hero picture she published, or her draft of it (one row each, id 1). */
export interface ShopHeroPictureTable {
  id: ColumnType<1, 1 | undefined, never>;
  source: string;
  width: number;
  height: number;
  altFr: ColumnType<string, string | undefined, string>;
  altEn: ColumnType<string, string | undefined, string>;
  savedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  savedBy: string;
}

/** The hero picture's cuts, by the hash of its pixels (decision 020's names). */
export interface ShopHeroPictureFilesTable {
  source: string;
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * The seller's identity, one row (id 1), as the owner fills it in from her panel; null is "not
 * filled in yet". The manufacturer (EU General Product Safety Regulation, art. 19) is the seller
 * unless named.
 */
/** A delivery zone as the owner sets it in « Livraison » (decision 049). */
export interface DeliveryZonesTable {
  id: Generated<number>;
  position: number;
  /** Her name for it in the panel. */
  name: string;
  /** The zone as shoppers read it, after the times: « 5 à 7 jours ouvrés (Union européenne) ». */
  labelFr: string;
  labelEn: string;
  /** ISO 3166-1 alpha-2 codes; a country is in one zone at most. */
  countries: string[];
  priceCents: number;
  /** Delivery is free from this subtotal; null: never free (unless the price is 0). */
  freeFromCents: number | null;
  minDays: number;
  maxDays: number;
  timesFr: string;
  timesEn: string;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The panel's history of delivery changes. */
export interface DeliveryChangesTable {
  id: Generated<number>;
  actorName: string;
  zoneName: string;
  summary: string;
  createdAt: CreatedAt;
}

/** What an order keeps of its delivery when it is placed: its zone and the times announced. */
export interface DeliveryPromise {
  zone: string;
  label: { fr: string; en: string };
  times: { fr: string; en: string };
  minDays: number;
  maxDays: number;
}

/** The seller's row: her identity (@souls/core/seller, what papers copy) and the rest of « Ma boutique ». */
export interface SellerTable extends SellerIdentity {
  id: ColumnType<1, 1 | undefined, never>;
  publicationDirector: string | null;
  instagramUrl: string | null;
  hostName: string | null;
  hostAddress: string | null;
  hostPhone: string | null;
  mediatorName: string | null;
  mediatorUrl: string | null;
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  manufacturerEmail: string | null;
  /** Who saved it last (`admin`: the owner's panel), and when. */
  savedBy: string | null;
  savedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An order's buyer was invited to review what she bought (once per order). */
export interface ReviewInvitationsTable {
  orderId: number;
  invitedAt: ColumnType<Date, Date | string | undefined, never>;
}

/** An address that asked for no more review invitations (stored lower-cased). */
export interface ReviewOptOutsTable {
  email: string;
  createdAt: CreatedAt;
}

/** A buyer's review of one model of her order, in her words. */
export interface ReviewsTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  /** The language she wrote in (the page of her link). */
  locale: Locale;
  rating: number;
  title: string;
  body: string;
  /** The name shown with it. */
  authorName: string;
  /** A date without time, "YYYY-MM-DD" (read as text: connection.ts). */
  experiencedOn: string;
  /** When she agreed to its publication. */
  consentedAt: ColumnType<Date, Date | string, Date | string>;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  rejectionReason: ColumnType<
    ReviewRejectionReason | null,
    ReviewRejectionReason | null | undefined,
    ReviewRejectionReason | null
  >;
  /** The shop's public answer, shown under it. */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  repliedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** How many times she sent it (the first time included). */
  saves: ColumnType<number, number | undefined, number>;
  /** When she first sent it: her 30 days to change it start here. */
  submittedAt: ColumnType<Date, Date | string | undefined, never>;
  updatedAt: UpdatedAt;
  publishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the owner (or the publication deadline) last decided on it. */
  moderatedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** What the owner decides for her shop (« Réglages »), one row (id 1). */
export interface ShopSettingsTable {
  id: ColumnType<1, 1 | undefined, never>;
  /** Where her own e-mails go; null: the contact e-mail of « Ma boutique ». */
  ownerEmail: string | null;
  /** An e-mail to her for each paid order. */
  newOrderEmail: ColumnType<boolean, boolean | undefined, boolean>;
  /** An e-mail to her when a model falls below `lowStockBelow` pieces. */
  lowStockEmail: ColumnType<boolean, boolean | undefined, boolean>;
  lowStockBelow: ColumnType<number, number | undefined, number>;
  /** The VAT regime each new sale is taxed under (stored sales keep theirs). */
  vatRegime: ColumnType<VatRegime, VatRegime | undefined, VatRegime>;
  savedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type PaperSeries = "invoice" | "credit_note" | "test_invoice" | "test_credit_note";

/** The last number of each series of papers (a row locked by the transaction that issues one). */
export interface PaperCountersTable {
  series: PaperSeries;
  last: ColumnType<number, number | undefined, number>;
}

/** A line of a paper: a piece (name, reference), the delivery, or an amount refunded without pieces. */
export interface PaperLine {
  kind: "item" | "shipping" | "amount";
  name?: string;
  reference?: string;
  quantity: number;
  /** Including VAT, as the shopper paid it. */
  unitCents: number;
  /** An item's share of the order's discount code (decision 048): `totalCents` is after it. */
  discountCents?: number;
  totalCents: number;
  /** Its part excluding VAT and its VAT, at the paper's rate (the lines add up to the paper's). */
  netCents: number;
  vatCents: number;
}

/** The buyer as the order named her when the paper was issued. */
export interface PaperBuyer {
  name: string;
  email: string;
  addressLines: string[];
  postalCode: string;
  city: string;
  country: string;
}

/** The seller as a paper keeps it (@souls/core/seller). */
export type { PaperSeller };

/** The VAT and amounts of a paper, decided when it was issued and never recomputed. */
interface TaxedPaper {
  vatBasis: VatBasis;
  /** The VAT territory whose rate applies (`FR`, `DE`…); null for an export or the exemption. */
  vatTerritory: string | null;
  vatRateBp: RateBasisPoints;
  netCents: number;
  vatCents: number;
  totalCents: number;
  shippingCents: number;
  currency: string;
  locale: Locale;
  lines: Json<PaperLine[]>;
  buyer: Json<PaperBuyer>;
  seller: Json<PaperSeller>;
}

/** A paid order's invoice, numbered in the transaction that paid it. */
export interface InvoicesTable extends TaxedPaper {
  id: Generated<number>;
  orderId: number;
  number: string;
  issuedAt: Date | string;
  paymentReference: string | null;
}

/** A settled refund's credit note, at its sale's rate, numbered in the transaction that settled it. */
export interface CreditNotesTable extends TaxedPaper {
  id: Generated<number>;
  refundId: number;
  invoiceId: number;
  number: string;
  issuedAt: Date | string;
  reason: RefundReason;
}

/** The sales and refunds of a day (Paris time), kept by the papers' triggers. */
export interface DailySalesTable {
  day: string;
  orders: number;
  /** bigint: read back as text. */
  salesCents: string;
  refunds: number;
  refundedCents: string;
}

/** What happened to an order besides its statuses: an address corrected, an e-mail sent again. */
export interface OrderChangesTable {
  id: Generated<number>;
  orderId: number;
  kind: OrderChange;
  actor: Actor;
  /** The panel's person who did it (decision 043), added by the admin API; null otherwise. */
  actorName: ColumnType<string | null, string | null | undefined, never>;
  detail: Json<Record<string, unknown>>;
  createdAt: CreatedAt;
}

/** An announcement's words in one language, as the owner edits them. */
export interface AnnouncementText {
  subject: string;
  title: string;
  subtitle: string;
  /** Plain text, paragraphs separated by blank lines. */
  body: string;
}

export type AnnouncementStatus = "draft" | "scheduled" | "sending" | "paused" | "sent" | "cancelled";
export type AnnouncementRecipientStatus =
  | "queued"
  | "sending"
  | "sent"
  | "failed"
  | "unknown"
  | "unsubscribed";

/** The owner's announcement of a series to her sign-up lists (decision 041). */
export interface AnnouncementsTable {
  id: Generated<number>;
  seriesId: number | null;
  status: ColumnType<AnnouncementStatus, AnnouncementStatus | undefined, AnnouncementStatus>;
  content: Json<Record<Locale, AnnouncementText>>;
  /** The sign-up lists (`SIGNUP_LISTS` codes) it goes to. */
  lists: ColumnType<string[], string[] | undefined, string[]>;
  /** Messages sent at most per `ratePer`: her e-mail provider's limit. */
  rateCount: ColumnType<number, number | undefined, number>;
  ratePer: ColumnType<"minute" | "hour", "minute" | "hour" | undefined, "minute" | "hour">;
  /** When it goes (null while a draft); its recipients are queued at that moment. */
  scheduledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  queuedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The next message's slot under the rate. */
  nextSendAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  testSentAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One address an announcement goes to: one row per (announcement, address), claimed once. */
export interface AnnouncementRecipientsTable {
  id: Generated<number>;
  announcementId: number;
  email: string;
  signupId: number;
  locale: Locale;
  status: ColumnType<
    AnnouncementRecipientStatus,
    AnnouncementRecipientStatus | undefined,
    AnnouncementRecipientStatus
  >;
  claimedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  settledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: string | null;
}

/** A model the owner was told is low on stock (told again once it has gone back above). */
export interface LowStockAlertsTable {
  productId: number;
  alertedAt: Date | string;
}

/** Audience measurement (decision 047): views and visits of a page on a Paris day. bigint: text. */
export interface AudiencePagesTable {
  day: string;
  page: string;
  locale: Locale;
  views: ColumnType<string, number | undefined, never>;
  visits: ColumnType<string, number | undefined, never>;
}

/** Visits of a Paris day by where they came from ('' where a part is absent; « (autre) » past the cap). */
export interface AudienceSourcesTable {
  day: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  visits: ColumnType<string, number | undefined, never>;
}

/** The path model page → cart → checkout → paid, per model and per source, by Paris day. */
export interface AudienceFunnelTable {
  day: string;
  model: string;
  source: string;
  step: "page" | "cart" | "checkout" | "paid";
  count: ColumnType<string, number | undefined, never>;
}

/** An order placed after a counted visit: its source's name, until it is paid or given up. */
export interface AudienceOrdersTable {
  orderId: number;
  source: string;
  createdAt: CreatedAt;
}

/** The last sign of life of the worker (its last round) and of the backup (its last good dump). */
export interface HeartbeatsTable {
  name: "worker" | "backup" | "base-backup";
  beatenAt: Date | string;
}

/** Something wrong the owner was told of by e-mail, once at its start and once when it was over. */
export interface IncidentsTable {
  id: Generated<number>;
  kind: IncidentKind;
  openedAt: Date | string;
  closedAt: Date | string | null;
}

export interface Database {
  products: ProductsTable;
  series: SeriesTable;
  productTexts: ProductTextsTable;
  productPaths: ProductPathsTable;
  productPhotos: ProductPhotosTable;
  photoFiles: PhotoFilesTable;
  seriesPictureFiles: SeriesPictureFilesTable;
  articles: ArticlesTable;
  articleAddresses: ArticleAddressesTable;
  articleCoverFiles: ArticleCoverFilesTable;
  articleEvents: ArticleEventsTable;
  guaranteeNotices: GuaranteeNoticesTable;
  signups: SignupsTable;
  signupAttempts: SignupAttemptsTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  orderEvents: OrderEventsTable;
  paymentEvents: PaymentEventsTable;
  paymentChecks: PaymentChecksTable;
  emailQueue: EmailQueueTable;
  trackingTokens: TrackingTokensTable;
  trackingAccessLog: TrackingAccessLogTable;
  trackingBlocks: TrackingBlocksTable;
  trackingLinkRequests: TrackingLinkRequestsTable;
  adminSessions: AdminSessionsTable;
  adminPeople: AdminPeopleTable;
  adminAccessEvents: AdminAccessEventsTable;
  carriers: CarriersTable;
  carrierEvents: CarrierEventsTable;
  adminLoginAttempts: AdminLoginAttemptsTable;
  emailAccessLog: EmailAccessLogTable;
  refunds: RefundsTable;
  refundItems: RefundItemsTable;
  productEvents: ProductEventsTable;
  seller: SellerTable;
  deliveryZones: DeliveryZonesTable;
  deliveryChanges: DeliveryChangesTable;
  shopWords: ShopWordsTable;
  shopWordDrafts: ShopWordDraftsTable;
  shopWordEvents: ShopWordEventsTable;
  shopHeroPicture: ShopHeroPictureTable;
  shopHeroPictureDraft: ShopHeroPictureTable;
  shopHeroPictureFiles: ShopHeroPictureFilesTable;
  reviewInvitations: ReviewInvitationsTable;
  reviewOptOuts: ReviewOptOutsTable;
  reviews: ReviewsTable;
  shopSettings: ShopSettingsTable;
  paperCounters: PaperCountersTable;
  invoices: InvoicesTable;
  creditNotes: CreditNotesTable;
  dailySales: DailySalesTable;
  orderChanges: OrderChangesTable;
  lowStockAlerts: LowStockAlertsTable;
  announcements: AnnouncementsTable;
  announcementRecipients: AnnouncementRecipientsTable;
  audiencePages: AudiencePagesTable;
  audienceSources: AudienceSourcesTable;
  audienceFunnel: AudienceFunnelTable;
  audienceOrders: AudienceOrdersTable;
  heartbeats: HeartbeatsTable;
  incidents: IncidentsTable;
  discountCodes: DiscountCodesTable;
  discountCodeEvents: DiscountCodeEventsTable;
  discountCodeAttempts: DiscountCodeAttemptsTable;
}

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Signup = Selectable<SignupsTable>;
export type NewSignup = Insertable<SignupsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type EmailQueueRow = Selectable<EmailQueueTable>;
export type Refund = Selectable<RefundsTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
export type PaymentCheck = Selectable<PaymentChecksTable>;
export type ShopSettings = Selectable<ShopSettingsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type CreditNote = Selectable<CreditNotesTable>;
