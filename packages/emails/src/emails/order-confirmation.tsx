/**
 * Sent once the payment is confirmed. Besides the order itself it carries what the law asks for
 * on a durable medium: the right of withdrawal, how to use it and the model form (L221-5, L221-13),
 * and the order's tracking link (each later e-mail about the order carries one of its own).
 */
import { Hr } from "@react-email/components";
import { countryName, formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import {
  ButtonLink,
  Facts,
  MailLink,
  Paragraph,
  SectionTitle,
  Sentence,
  TextLink,
  Title,
} from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderSummary } from "../components/order-summary";
import { styles } from "../components/theme";
import { WithdrawalForm } from "../components/withdrawal-form";
import { copyFor } from "../copy";
import { shopUrl, trackingUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function OrderConfirmation({ payload, locale, context }: TemplateProps<"order_confirmation">) {
  const copy = copyFor(locale);
  const t = copy.orderConfirmation;
  const { seller, siteUrl } = context;
  const { shippingAddress: address, delivery } = payload;
  const tracking = trackingUrl(siteUrl, locale, payload.trackingToken);
  const deliveryRows = [
    {
      label: t.addressLabel,
      value: (
        <>
          {address.name}
          <br />
          {address.address}
          <br />
          {address.addressLine2 ? (
            <>
              {address.addressLine2}
              <br />
            </>
          ) : null}
          {address.postalCode} {address.city}
          <br />
          {countryName(address.country, locale)}
        </>
      ),
    },
    ...(payload.deliveryInstructions
      ? [{ label: t.instructionsLabel, value: payload.deliveryInstructions }]
      : []),
    ...(delivery
      ? [
          {
            label: t.deliveryTimeLabel,
            value:
              "times" in delivery
                ? fill(t.deliveryPromise, { times: delivery.times, zone: delivery.zone })
                : fill(t.deliveryTime, {
                    minDays: delivery.minDays,
                    maxDays: delivery.maxDays,
                    tier: t.tiers[delivery.tier],
                  }),
          },
        ]
      : []),
  ];

  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { name: payload.customerName, orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      {payload.test ? <Paragraph>{t.test}</Paragraph> : null}
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{t.intro}</Paragraph>

      <SectionTitle>{t.summaryHeading}</SectionTitle>
      <Paragraph>
        {fill(copy.order.numberAndDate, {
          orderNumber: payload.orderNumber,
          date: formatDate(payload.orderedAt, locale),
        })}
      </Paragraph>
      <OrderSummary order={payload} locale={locale} siteUrl={context.siteUrl} />

      <SectionTitle>{t.deliveryHeading}</SectionTitle>
      <Facts rows={deliveryRows} />
      {payload.importDuties ? (
        <Paragraph>{fill(t.importDuties, { country: countryName(address.country, locale) })}</Paragraph>
      ) : null}

      <SectionTitle>{t.trackingHeading}</SectionTitle>
      <Paragraph>{t.trackingText}</Paragraph>
      <ButtonLink href={tracking}>{t.trackingButton}</ButtonLink>
      {/* The plain text already spells the button's address out. */}
      <Paragraph small htmlOnly>
        <Sentence template={t.trackingFallback} values={{ link: <TextLink href={tracking} /> }} />
      </Paragraph>

      <Hr style={styles.hr} />
      <SectionTitle>{t.withdrawalHeading}</SectionTitle>
      <Paragraph>{t.withdrawalPeriod}</Paragraph>
      <Paragraph>
        {seller.email && seller.address ? (
          <Sentence
            template={t.withdrawalHow}
            values={{
              email: <MailLink address={seller.email} />,
              companyName: seller.companyName,
              address: seller.address,
            }}
          />
        ) : (
          t.withdrawalHowTracking
        )}
      </Paragraph>
      <Paragraph>{t.withdrawalReturn}</Paragraph>
      <Paragraph>
        <Sentence
          template={t.terms}
          values={{ link: <TextLink href={shopUrl(siteUrl, "terms", locale)}>{t.termsLink}</TextLink> }}
        />
      </Paragraph>
      <WithdrawalForm order={payload} seller={seller} locale={locale} />
    </EmailLayout>
  );
}
