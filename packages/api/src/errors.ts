/**
 * The shop's rule errors as the admin screens show them: a tRPC code and a French message. Any
 * other error is left alone, so a bug stays an INTERNAL_SERVER_ERROR (logged by the web app).
 */
import { formatMoney } from "@souls/core/format";
import { EMAIL_STATUS_LABELS, ORDER_STATUS_LABELS } from "@souls/core/statuses";
import {
  AdminNotFoundError,
  DuplicateReferenceError,
  EmailNotRetryableError,
  GatewayUnavailableError,
  InvalidProductError,
  PaymentToCheckError,
  PhotoRefusedError,
  ProductArchivedError,
  RefundRefusedError,
  ReturnNotExpectedError,
  ReviewModerationError,
  StockLimitError,
} from "@souls/shop/errors";
import { IllegalTransitionError, type OrderEvent } from "@souls/shop/order-status";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { catalogueRuleError } from "./catalogue-errors";

export const MESSAGES = {
  unauthorized: "Session expirée ou absente : reconnectez-vous.",
  validation: "Erreur de validation : veuillez remplir tous les champs correctement.",
  internal: "Erreur technique. Veuillez réessayer ou recharger la page.",
  duplicateReference: "Cette référence existe déjà",
  stockBelowZero: "Le stock ne peut pas descendre en dessous de 0.",
  productArchived: "Ce produit est archivé : rétablissez-le d'abord pour changer son stock ou son prix.",
  gatewayUnavailable:
    "La banque n'a pas répondu : le remboursement est en attente. Réessayez : il ne sera jamais fait deux fois.",
  returnNotExpected:
    "Aucun retour n'est attendu pour cette commande (pas de rétractation d'une commande expédiée, ou colis déjà reçu).",
  reviewChanged:
    "Son auteur a modifié cet avis depuis que vous l'avez ouvert : relisez-le (la liste vient d'être rechargée), puis décidez.",
  paymentToCheck:
    "Le paiement de cette commande est à vérifier : le client a payé un autre montant que le total. Remboursez ce qui a été reçu depuis le détail de la commande.",
} as const;

const REFUND_REFUSALS: Record<RefundRefusedError["reason"], string> = {
  unpaid: "Cette commande n'a pas été payée (ou déjà remboursée) : il n'y a rien à rembourser.",
  too_much: "Montant trop élevé",
  nothing: "Indiquez les pièces ou le montant à rembourser.",
  unknown_line: "Cette ligne n'appartient pas à la commande.",
  line_quantity: "Quantité à rembourser supérieure à ce qui reste sur la ligne.",
  line_twice:
    "Une même ligne de la commande figure deux fois dans le remboursement : nommez-la une seule fois.",
  amount_restock:
    "Un remboursement d'un montant ne remet aucune pièce en stock : remboursez les pièces pour les remettre en stock.",
  other_order:
    "Cette demande de remboursement a déjà servi pour une autre commande : rien n'a été fait. Rouvrez le formulaire de remboursement de cette commande.",
  shipped:
    "Cette commande est déjà partie : elle ne peut plus être annulée. Remboursez-la au retour du colis.",
};

/** Refusals of the request itself (400); the others depend on the order's state (409). */
const MALFORMED_REFUNDS = new Set<RefundRefusedError["reason"]>([
  "unknown_line",
  "nothing",
  "line_twice",
  "amount_restock",
]);

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");

const PHOTO_REFUSALS: Record<PhotoRefusedError["reason"], string> = {
  empty: "Le fichier est vide : choisissez une photo.",
  too_heavy: "Photo trop lourde : 25 Mo au plus.",
  format: "Ce fichier n'est pas une photo JPEG, PNG, WebP ou AVIF.",
  unreadable:
    "Photo illisible : le fichier est abîmé ou incomplet. Enregistrez-la de nouveau sur le téléphone, puis réessayez.",
  too_many_pixels: "Photo trop grande : 50 mégapixels au plus.",
  too_small: "Photo trop petite : au moins 320 pixels de large et de haut.",
  too_many_photos: "12 photos au plus par modèle : retirez-en une avant d'en ajouter une autre.",
  duplicate: "Cette photo est déjà dans la galerie de ce modèle.",
  archived: "Ce modèle est archivé : rétablissez-le d'abord pour lui ajouter des photos.",
  order: "L'ordre envoyé ne correspond plus aux photos du modèle : rechargez la page.",
  last_photo: "Un modèle en vente garde au moins une photo : ajoutez-en une autre avant de retirer celle-ci.",
  alt_too_long: "Description trop longue : 300 caractères au plus.",
  alt_characters: "La description contient des caractères non valides.",
};

/** What a refused file was, when its first bytes say it. */
const FILE_KINDS: Record<string, string> = { pdf: "PDF", gif: "GIF", svg: "SVG", tiff: "TIFF", heif: "HEIF" };

function photoRefusalMessage(cause: PhotoRefusedError): string {
  if (cause.reason !== "format" || !cause.detail) return PHOTO_REFUSALS[cause.reason];
  // An iPhone saves HEIC unless told otherwise; Safari converts it when the page asks for JPEG.
  if (cause.detail === "heic") {
    return "Les photos HEIC de l'iPhone ne sont pas acceptées : envoyez-la en JPEG (sur l'iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »).";
  }
  const kind = FILE_KINDS[cause.detail];
  return kind ? `${PHOTO_REFUSALS.format.slice(0, -1)} : c'est un fichier ${kind}.` : PHOTO_REFUSALS.format;
}

const PHOTO_CODES: Partial<Record<PhotoRefusedError["reason"], TRPCError["code"]>> = {
  too_heavy: "PAYLOAD_TOO_LARGE",
  format: "UNSUPPORTED_MEDIA_TYPE",
  too_many_photos: "CONFLICT",
  duplicate: "CONFLICT",
  archived: "CONFLICT",
  order: "CONFLICT",
  last_photo: "CONFLICT",
};

const NOT_FOUND: Record<AdminNotFoundError["entity"], string> = {
  order: "Commande introuvable",
  product: "Produit introuvable",
  email: "E-mail introuvable",
  refund: "Remboursement introuvable",
  photo: "Photo introuvable : elle a peut-être été retirée depuis un autre écran. Rechargez la page.",
  review: "Avis introuvable : il a peut-être été supprimé depuis un autre écran. Rechargez la page.",
};

/** What a review's state forbids, by the state it is in. */
const REVIEW_STATUS_REFUSALS: Record<string, string> = {
  published: "Cet avis est déjà publié.",
  rejected: "Cet avis est déjà refusé : publiez-le d'abord si vous changez d'avis.",
};

const EVENT_VERBS: Record<OrderEvent, string> = {
  payment_succeeded: "payée",
  payment_failed: "refusée au paiement",
  payment_cancelled: "annulée",
  hold_expired: "expirée",
  refunded: "remboursée",
  partially_refunded: "partiellement remboursée",
  cancelled: "annulée",
  prepared: "marquée comme préparée",
  shipped: "expédiée",
  delivered: "marquée comme livrée",
  withdrawn: "rétractée",
};

const PRODUCT_FIELDS: Record<InvalidProductError["field"], string> = {
  reference: "la référence",
  name: "le nom",
  priceCents: "le prix",
  stock: "le stock",
};

function reservedMessage(reserved: number): string {
  return reserved === 1
    ? "Impossible : 1 pièce est réservée par une commande en attente de paiement."
    : `Impossible : ${reserved} pièces sont réservées par des commandes en attente de paiement.`;
}

/** The tRPC error for a rule the shop enforced, or null for anything else. */
export function shopRuleError(cause: unknown): TRPCError | null {
  const error = (code: TRPCError["code"], message: string) => new TRPCError({ code, message, cause });
  if (cause instanceof AdminNotFoundError) return error("NOT_FOUND", NOT_FOUND[cause.entity]);
  if (cause instanceof IllegalTransitionError) {
    return error(
      "CONFLICT",
      `Une commande « ${ORDER_STATUS_LABELS[cause.from]} » ne peut pas être ${EVENT_VERBS[cause.event]}`,
    );
  }
  if (cause instanceof DuplicateReferenceError) return error("CONFLICT", MESSAGES.duplicateReference);
  if (cause instanceof StockLimitError) {
    return error(
      "CONFLICT",
      cause.limit === "zero" ? MESSAGES.stockBelowZero : reservedMessage(cause.reserved),
    );
  }
  if (cause instanceof ProductArchivedError) return error("CONFLICT", MESSAGES.productArchived);
  if (cause instanceof EmailNotRetryableError) {
    return error(
      "CONFLICT",
      `Seul un e-mail « ${EMAIL_STATUS_LABELS.failed} » peut être renvoyé : celui-ci est « ${EMAIL_STATUS_LABELS[cause.status]} ».`,
    );
  }
  if (cause instanceof RefundRefusedError) {
    const message =
      cause.reason === "too_much"
        ? `${REFUND_REFUSALS.too_much} : il reste ${euros(cause.refundableCents)} à rembourser sur cette commande.`
        : REFUND_REFUSALS[cause.reason];
    return error(MALFORMED_REFUNDS.has(cause.reason) ? "BAD_REQUEST" : "CONFLICT", message);
  }
  if (cause instanceof GatewayUnavailableError) return error("BAD_GATEWAY", MESSAGES.gatewayUnavailable);
  if (cause instanceof ReturnNotExpectedError) return error("CONFLICT", MESSAGES.returnNotExpected);
  if (cause instanceof PaymentToCheckError) return error("CONFLICT", MESSAGES.paymentToCheck);
  if (cause instanceof ReviewModerationError) {
    return error(
      "CONFLICT",
      cause.reason === "changed"
        ? MESSAGES.reviewChanged
        : (REVIEW_STATUS_REFUSALS[cause.status] ?? "Cette décision n'est pas possible pour cet avis."),
    );
  }
  if (cause instanceof PhotoRefusedError) {
    return error(PHOTO_CODES[cause.reason] ?? "BAD_REQUEST", photoRefusalMessage(cause));
  }
  if (cause instanceof InvalidProductError) {
    return error("BAD_REQUEST", `Produit refusé : vérifiez ${PRODUCT_FIELDS[cause.field]}.`);
  }
  return catalogueRuleError(cause);
}

/**
 * A rule the shop enforced, as the web app's own endpoints answer it (the photo upload is a file,
 * not a procedure): the same French message and the status its tRPC code has over HTTP.
 */
export function ruleAnswer(cause: unknown): { status: number; message: string } | null {
  const mapped = shopRuleError(cause);
  return mapped ? { status: getHTTPStatusCodeFromError(mapped), message: mapped.message } : null;
}
