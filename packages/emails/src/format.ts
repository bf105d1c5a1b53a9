// web compat: removed when apps/web switches (the formatting lives in @souls/core/format).
export { countryName, formatDate, formatDateTime, formatMoney, numberFormat } from "@souls/core/format";
export { intlLocale } from "@souls/core/locales";
