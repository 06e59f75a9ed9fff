/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/**
 * The pricing model for the app subscription.
 * The pricing model input can be either `appRecurringPricingDetails` or `appUsagePricingDetails`.
 */
export type AppPlanInput = {
  /** The pricing details for recurring billing. */
  appRecurringPricingDetails: AppRecurringPricingInput | null | undefined;
  /** The pricing details for usage-based billing. */
  appUsagePricingDetails: AppUsagePricingInput | null | undefined;
};

/** The frequency at which the shop is billed for an app subscription. */
export type AppPricingInterval =
  /** The app subscription bills the shop annually. */
  | 'ANNUAL'
  /** The app subscription bills the shop every 30 days. */
  | 'EVERY_30_DAYS';

/**
 * Instructs the app subscription to generate a fixed charge on a recurring basis.
 * The frequency is specified by the billing interval.
 */
export type AppRecurringPricingInput = {
  /** The discount applied to the subscription for a given number of billing intervals. */
  discount: AppSubscriptionDiscountInput | null | undefined;
  /** How often the app subscription generates a charge. */
  interval: AppPricingInterval | null | undefined;
  /** The amount to be charged to the store every billing interval. */
  price: MoneyInput;
};

/**
 * The input fields to specify a discount to the recurring pricing portion of a
 * subscription over a number of billing intervals.
 */
export type AppSubscriptionDiscountInput = {
  /**
   * The total number of billing intervals to which the discount will be applied. Must be greater than 0.
   * The discount will be applied to an indefinite number of billing intervals if this value is left blank.
   */
  durationLimitInIntervals: number | null | undefined;
  /** The value to be discounted every billing interval. */
  value: AppSubscriptionDiscountValueInput | null | undefined;
};

/** The input fields to specify the value discounted every billing interval. */
export type AppSubscriptionDiscountValueInput = {
  /** The monetary value of a discount. */
  amount: string | null | undefined;
  /** The percentage value of a discount. */
  percentage: number | null | undefined;
};

/** The input fields to add more than one pricing plan to an app subscription. */
export type AppSubscriptionLineItemInput = {
  /** The pricing model for the app subscription. */
  plan: AppPlanInput;
};

/** The replacement behavior when creating an app subscription for a merchant with an already existing app subscription. */
export type AppSubscriptionReplacementBehavior =
  /** Cancels the merchant's current app subscription immediately and replaces it with the newly created app subscription. */
  | 'APPLY_IMMEDIATELY'
  /**
   * Defers canceling the merchant's current app subscription and applying the
   * newly created app subscription until the start of the next billing cycle. This
   * value is ignored if the new app subscription is using a different currency
   * than the current app subscription, in which case the new app subscription is
   * applied immediately.
   */
  | 'APPLY_ON_NEXT_BILLING_CYCLE'
  /**
   * Cancels the merchant's current app subscription immediately and replaces it
   * with the newly created app subscription, with the exception of
   * the following scenarios where replacing the current app subscription will be
   * deferred until the start of the next billing cycle.
   * 1) The current app subscription is annual and the newly created app
   * subscription is annual, using the same currency, but is of a lesser value.
   * 2) The current app subscription is annual and the newly created app subscription is monthly and using the same currency.
   * 3) The current app subscription and the newly created app subscription are identical except for the `discount` value.
   */
  | 'STANDARD';

/** The status of the app subscription. */
export type AppSubscriptionStatus =
  /** The app subscription has been approved by the merchant and is ready to be activated by the app. */
  | 'ACCEPTED'
  /**
   * The app subscription has been approved by the merchant. Active app
   * subscriptions are billed to the shop. After payment, partners receive payouts.
   */
  | 'ACTIVE'
  /**
   * The app subscription was cancelled by the app. This could be caused by the app
   * being uninstalled, a new app subscription being activated, or a direct
   * cancellation by the app. This is a terminal state.
   */
  | 'CANCELLED'
  /** The app subscription was declined by the merchant. This is a terminal state. */
  | 'DECLINED'
  /** The app subscription wasn't approved by the merchant within two days of being created. This is a terminal state. */
  | 'EXPIRED'
  /** The app subscription is on hold due to non-payment. The subscription re-activates after payments resume. */
  | 'FROZEN'
  /** The app subscription is pending approval by the merchant. */
  | 'PENDING';

/** The input fields to issue arbitrary charges for app usage associated with a subscription. */
export type AppUsagePricingInput = {
  /** The maximum amount of usage charges that can be incurred within a subscription billing interval. */
  cappedAmount: MoneyInput;
  /** The terms and conditions for app usage. These terms stipulate the pricing model for the charges that an app creates. */
  terms: string;
};

/** The input fields for creating a [`Channel`](https://shopify.dev/docs/api/admin-graphql/latest/objects/Channel). */
export type ChannelCreateInput = {
  /**
   * A unique identifier for the merchant's account on the external platform, such
   * as an Amazon Seller ID or Google Merchant Center ID. Used together with
   * `specificationHandle` to uniquely identify the channel connection.
   */
  accountId: string;
  /**
   * The merchant-facing name for the external account. Displayed in Shopify Admin
   * wherever the channel connection is referenced, such as in Markets and order
   * attribution. Should match how the merchant recognises the account on the
   * external platform.
   */
  accountName: string;
  /**
   * A unique, human-readable identifier for the channel within the shop. For
   * example, `amazon-us-A1B2C3D4E5F6G7`. Used for lookups via [`channelByHandle`](https://shopify.dev/docs/api/admin-graphql/latest/queries/channelByHandle).
   * If not provided, auto-generated from the specification handle and account ID.
   * Must be unique across all channels on the shop.
   */
  handle: string | null | undefined;
  /**
   * The handle of the [channel specification](https://shopify.dev/docs/apps/build/sales-channels/channel-config-extension)
   * to bind to this channel. The specification must have been deployed by the
   * calling application via `shopify app deploy`. Determines the channel's
   * regional coverage, capabilities, and requirements.
   */
  specificationHandle: string;
};

/** Possible error codes that can be returned by `ChannelCreateUserError`. */
export type ChannelCreateUserErrorCode =
  /** The input value is invalid. */
  | 'INVALID'
  /** The record with the ID used as the input value couldn't be found. */
  | 'NOT_FOUND';

/**
 * The currency codes that represent the world currencies throughout the Admin API. Currency codes include
 * [standard ISO 4217 codes](https://en.wikipedia.org/wiki/ISO_4217), legacy codes, non-standard codes,
 * digital currency codes.
 */
export type CurrencyCode =
  /** United Arab Emirates Dirham (AED). */
  | 'AED'
  /** Afghan Afghani (AFN). */
  | 'AFN'
  /** Albanian Lek (ALL). */
  | 'ALL'
  /** Armenian Dram (AMD). */
  | 'AMD'
  /** Netherlands Antillean Guilder. */
  | 'ANG'
  /** Angolan Kwanza (AOA). */
  | 'AOA'
  /** Argentine Pesos (ARS). */
  | 'ARS'
  /** Australian Dollars (AUD). */
  | 'AUD'
  /** Aruban Florin (AWG). */
  | 'AWG'
  /** Azerbaijani Manat (AZN). */
  | 'AZN'
  /** Bosnia and Herzegovina Convertible Mark (BAM). */
  | 'BAM'
  /** Barbadian Dollar (BBD). */
  | 'BBD'
  /** Bangladesh Taka (BDT). */
  | 'BDT'
  /** Bulgarian Lev (BGN). */
  | 'BGN'
  /** Bahraini Dinar (BHD). */
  | 'BHD'
  /** Burundian Franc (BIF). */
  | 'BIF'
  /** Bermudian Dollar (BMD). */
  | 'BMD'
  /** Brunei Dollar (BND). */
  | 'BND'
  /** Bolivian Boliviano (BOB). */
  | 'BOB'
  /** Brazilian Real (BRL). */
  | 'BRL'
  /** Bahamian Dollar (BSD). */
  | 'BSD'
  /** Bhutanese Ngultrum (BTN). */
  | 'BTN'
  /** Botswana Pula (BWP). */
  | 'BWP'
  /** Belarusian Ruble (BYN). */
  | 'BYN'
  /** Belarusian Ruble (BYR). */
  | 'BYR'
  /** Belize Dollar (BZD). */
  | 'BZD'
  /** Canadian Dollars (CAD). */
  | 'CAD'
  /** Congolese franc (CDF). */
  | 'CDF'
  /** Swiss Francs (CHF). */
  | 'CHF'
  /** Chilean Peso (CLP). */
  | 'CLP'
  /** Chinese Yuan Renminbi (CNY). */
  | 'CNY'
  /** Colombian Peso (COP). */
  | 'COP'
  /** Costa Rican Colones (CRC). */
  | 'CRC'
  /** Cape Verdean escudo (CVE). */
  | 'CVE'
  /** Czech Koruny (CZK). */
  | 'CZK'
  /** Djiboutian Franc (DJF). */
  | 'DJF'
  /** Danish Kroner (DKK). */
  | 'DKK'
  /** Dominican Peso (DOP). */
  | 'DOP'
  /** Algerian Dinar (DZD). */
  | 'DZD'
  /** Egyptian Pound (EGP). */
  | 'EGP'
  /** Eritrean Nakfa (ERN). */
  | 'ERN'
  /** Ethiopian Birr (ETB). */
  | 'ETB'
  /** Euro (EUR). */
  | 'EUR'
  /** Fijian Dollars (FJD). */
  | 'FJD'
  /** Falkland Islands Pounds (FKP). */
  | 'FKP'
  /** United Kingdom Pounds (GBP). */
  | 'GBP'
  /** Georgian Lari (GEL). */
  | 'GEL'
  /** Ghanaian Cedi (GHS). */
  | 'GHS'
  /** Gibraltar Pounds (GIP). */
  | 'GIP'
  /** Gambian Dalasi (GMD). */
  | 'GMD'
  /** Guinean Franc (GNF). */
  | 'GNF'
  /** Guatemalan Quetzal (GTQ). */
  | 'GTQ'
  /** Guyanese Dollar (GYD). */
  | 'GYD'
  /** Hong Kong Dollars (HKD). */
  | 'HKD'
  /** Honduran Lempira (HNL). */
  | 'HNL'
  /** Croatian Kuna (HRK). */
  | 'HRK'
  /** Haitian Gourde (HTG). */
  | 'HTG'
  /** Hungarian Forint (HUF). */
  | 'HUF'
  /** Indonesian Rupiah (IDR). */
  | 'IDR'
  /** Israeli New Shekel (NIS). */
  | 'ILS'
  /** Indian Rupees (INR). */
  | 'INR'
  /** Iraqi Dinar (IQD). */
  | 'IQD'
  /** Iranian Rial (IRR). */
  | 'IRR'
  /** Icelandic Kronur (ISK). */
  | 'ISK'
  /** Jersey Pound. */
  | 'JEP'
  /** Jamaican Dollars (JMD). */
  | 'JMD'
  /** Jordanian Dinar (JOD). */
  | 'JOD'
  /** Japanese Yen (JPY). */
  | 'JPY'
  /** Kenyan Shilling (KES). */
  | 'KES'
  /** Kyrgyzstani Som (KGS). */
  | 'KGS'
  /** Cambodian Riel. */
  | 'KHR'
  /** Kiribati Dollar (KID). */
  | 'KID'
  /** Comorian Franc (KMF). */
  | 'KMF'
  /** South Korean Won (KRW). */
  | 'KRW'
  /** Kuwaiti Dinar (KWD). */
  | 'KWD'
  /** Cayman Dollars (KYD). */
  | 'KYD'
  /** Kazakhstani Tenge (KZT). */
  | 'KZT'
  /** Laotian Kip (LAK). */
  | 'LAK'
  /** Lebanese Pounds (LBP). */
  | 'LBP'
  /** Sri Lankan Rupees (LKR). */
  | 'LKR'
  /** Liberian Dollar (LRD). */
  | 'LRD'
  /** Lesotho Loti (LSL). */
  | 'LSL'
  /** Lithuanian Litai (LTL). */
  | 'LTL'
  /** Latvian Lati (LVL). */
  | 'LVL'
  /** Libyan Dinar (LYD). */
  | 'LYD'
  /** Moroccan Dirham. */
  | 'MAD'
  /** Moldovan Leu (MDL). */
  | 'MDL'
  /** Malagasy Ariary (MGA). */
  | 'MGA'
  /** Macedonia Denar (MKD). */
  | 'MKD'
  /** Burmese Kyat (MMK). */
  | 'MMK'
  /** Mongolian Tugrik. */
  | 'MNT'
  /** Macanese Pataca (MOP). */
  | 'MOP'
  /** Mauritanian Ouguiya (MRU). */
  | 'MRU'
  /** Mauritian Rupee (MUR). */
  | 'MUR'
  /** Maldivian Rufiyaa (MVR). */
  | 'MVR'
  /** Malawian Kwacha (MWK). */
  | 'MWK'
  /** Mexican Pesos (MXN). */
  | 'MXN'
  /** Malaysian Ringgits (MYR). */
  | 'MYR'
  /** Mozambican Metical. */
  | 'MZN'
  /** Namibian Dollar. */
  | 'NAD'
  /** Nigerian Naira (NGN). */
  | 'NGN'
  /** Nicaraguan Córdoba (NIO). */
  | 'NIO'
  /** Norwegian Kroner (NOK). */
  | 'NOK'
  /** Nepalese Rupee (NPR). */
  | 'NPR'
  /** New Zealand Dollars (NZD). */
  | 'NZD'
  /** Omani Rial (OMR). */
  | 'OMR'
  /** Panamian Balboa (PAB). */
  | 'PAB'
  /** Peruvian Nuevo Sol (PEN). */
  | 'PEN'
  /** Papua New Guinean Kina (PGK). */
  | 'PGK'
  /** Philippine Peso (PHP). */
  | 'PHP'
  /** Pakistani Rupee (PKR). */
  | 'PKR'
  /** Polish Zlotych (PLN). */
  | 'PLN'
  /** Paraguayan Guarani (PYG). */
  | 'PYG'
  /** Qatari Rial (QAR). */
  | 'QAR'
  /** Romanian Lei (RON). */
  | 'RON'
  /** Serbian dinar (RSD). */
  | 'RSD'
  /** Russian Rubles (RUB). */
  | 'RUB'
  /** Rwandan Franc (RWF). */
  | 'RWF'
  /** Saudi Riyal (SAR). */
  | 'SAR'
  /** Solomon Islands Dollar (SBD). */
  | 'SBD'
  /** Seychellois Rupee (SCR). */
  | 'SCR'
  /** Sudanese Pound (SDG). */
  | 'SDG'
  /** Swedish Kronor (SEK). */
  | 'SEK'
  /** Singapore Dollars (SGD). */
  | 'SGD'
  /** Saint Helena Pounds (SHP). */
  | 'SHP'
  /** Sierra Leonean Leone (SLL). */
  | 'SLL'
  /** Somali Shilling (SOS). */
  | 'SOS'
  /** Surinamese Dollar (SRD). */
  | 'SRD'
  /** South Sudanese Pound (SSP). */
  | 'SSP'
  /** Sao Tome And Principe Dobra (STD). */
  | 'STD'
  /** Sao Tome And Principe Dobra (STN). */
  | 'STN'
  /** Syrian Pound (SYP). */
  | 'SYP'
  /** Swazi Lilangeni (SZL). */
  | 'SZL'
  /** Thai baht (THB). */
  | 'THB'
  /** Tajikistani Somoni (TJS). */
  | 'TJS'
  /** Turkmenistani Manat (TMT). */
  | 'TMT'
  /** Tunisian Dinar (TND). */
  | 'TND'
  /** Tongan Pa'anga (TOP). */
  | 'TOP'
  /** Turkish Lira (TRY). */
  | 'TRY'
  /** Trinidad and Tobago Dollars (TTD). */
  | 'TTD'
  /** Taiwan Dollars (TWD). */
  | 'TWD'
  /** Tanzanian Shilling (TZS). */
  | 'TZS'
  /** Ukrainian Hryvnia (UAH). */
  | 'UAH'
  /** Ugandan Shilling (UGX). */
  | 'UGX'
  /** United States Dollars (USD). */
  | 'USD'
  /** United States Dollars Coin (USDC). */
  | 'USDC'
  /** Uruguayan Pesos (UYU). */
  | 'UYU'
  /** Uzbekistan som (UZS). */
  | 'UZS'
  /** Venezuelan Bolivares (VED). */
  | 'VED'
  /** Venezuelan Bolivares (VEF). */
  | 'VEF'
  /** Venezuelan Bolivares Soberanos (VES). */
  | 'VES'
  /** Vietnamese đồng (VND). */
  | 'VND'
  /** Vanuatu Vatu (VUV). */
  | 'VUV'
  /** Samoan Tala (WST). */
  | 'WST'
  /** Central African CFA Franc (XAF). */
  | 'XAF'
  /** East Caribbean Dollar (XCD). */
  | 'XCD'
  /** West African CFA franc (XOF). */
  | 'XOF'
  /** CFP Franc (XPF). */
  | 'XPF'
  /** Unrecognized currency. */
  | 'XXX'
  /** Yemeni Rial (YER). */
  | 'YER'
  /** South African Rand (ZAR). */
  | 'ZAR'
  /** Zambian Kwacha (ZMW). */
  | 'ZMW';

/**
 * The input fields to use to create or update a metafield through a mutation on the owning resource.
 * An alternative way to create or update a metafield is by using the
 * [metafieldsSet](https://shopify.dev/api/admin-graphql/latest/mutations/metafieldsSet) mutation.
 */
export type MetafieldInput = {
  /** The unique ID of the metafield. Using `namespace` and `key` is preferred for creating and updating. */
  id: string | number | null | undefined;
  /**
   * The unique identifier for a metafield within its namespace.
   *
   * Required when creating a metafield, but optional when updating. Used to help identify the metafield when
   * updating, but can't be updated itself.
   *
   * Must be 2-64 characters long and can contain alphanumeric, hyphen, and underscore characters.
   */
  key: string | null | undefined;
  /**
   * The container for a group of metafields that the metafield is or will be associated with. Used in tandem with
   * `key` to lookup a metafield on a resource, preventing conflicts with other metafields with the same `key`.
   *
   * Required when creating a metafield, but optional when updating. Used to help identify the metafield when
   * updating, but can't be updated itself.
   *
   * Must be 3-255 characters long and can contain alphanumeric, hyphen, and underscore characters.
   */
  namespace: string | null | undefined;
  /**
   * The type of data that's stored in the metafield.
   * Refer to the list of [supported types](https://shopify.dev/apps/metafields/types).
   *
   * Required when creating or updating a metafield without a definition.
   */
  type: string | null | undefined;
  /** The data stored in the metafield. Always stored as a string, regardless of the metafield's type. */
  value: string | null | undefined;
};

/** The input fields for a metafield value to set. */
export type MetafieldsSetInput = {
  /**
   * The `compareDigest` value obtained from a previous query. Provide this with
   * updates to ensure the metafield is modified safely.
   */
  compareDigest: string | null | undefined;
  /**
   * The unique identifier for a metafield within its namespace.
   *
   * Must be 2-64 characters long and can contain alphanumeric, hyphen, and underscore characters.
   */
  key: string;
  /**
   * The container for a group of metafields that the metafield is or will be associated with. Used in tandem
   * with `key` to lookup a metafield on a resource, preventing conflicts with other metafields with the
   * same `key`. If omitted the app-reserved namespace will be used.
   *
   * Must be 3-255 characters long and can contain alphanumeric, hyphen, and underscore characters.
   */
  namespace: string | null | undefined;
  /** The unique ID of the resource that the metafield is attached to. */
  ownerId: string | number;
  /**
   * The type of data that's stored in the metafield.
   * The type must be one of the [supported types](https://shopify.dev/apps/metafields/types).
   *
   * Required when there's no corresponding definition for the given `namespace`, `key`, and
   * owner resource type (derived from `ownerId`).
   */
  type: string | null | undefined;
  /** The data stored in the metafield. Always stored as a string, regardless of the metafield's type. */
  value: string;
};

/** Possible error codes that can be returned by `MetafieldsSetUserError`. */
export type MetafieldsSetUserErrorCode =
  /** ApiPermission metafields can only be created or updated by the app owner. */
  | 'APP_NOT_AUTHORIZED'
  /** The input value is blank. */
  | 'BLANK'
  /** The metafield violates a capability restriction. */
  | 'CAPABILITY_VIOLATION'
  /** The input value isn't included in the list. */
  | 'INCLUSION'
  /** An internal error occurred. */
  | 'INTERNAL_ERROR'
  /** The input value is invalid. */
  | 'INVALID'
  /** The compareDigest is invalid. */
  | 'INVALID_COMPARE_DIGEST'
  /** The type is invalid. */
  | 'INVALID_TYPE'
  /** The value is invalid for the metafield type or for the definition options. */
  | 'INVALID_VALUE'
  /** The input value should be less than or equal to the maximum value allowed. */
  | 'LESS_THAN_OR_EQUAL_TO'
  /** The input value needs to be blank. */
  | 'PRESENT'
  /** The metafield has been modified since it was loaded. */
  | 'STALE_OBJECT'
  /** The input value is already taken. */
  | 'TAKEN'
  /** The input value is too long. */
  | 'TOO_LONG'
  /** The input value is too short. */
  | 'TOO_SHORT';

/** The input fields for a monetary value with currency. */
export type MoneyInput = {
  /** Decimal money amount. */
  amount: string;
  /** Currency of the money. */
  currencyCode: CurrencyCode;
};

/** The input fields to create a page. */
export type PageCreateInput = {
  /** The text content of the page, complete with HTML markup. */
  body: string | null | undefined;
  /**
   * A unique, human-friendly string for the page. If no handle is specified, a
   * handle will be generated automatically from the page title.
   * In themes, the Liquid templating language refers to a page by its handle.
   */
  handle: string | null | undefined;
  /** Whether or not the page should be visible. Defaults to `true` if no publish date is specified. */
  isPublished: boolean | null | undefined;
  /** The input fields to create or update a metafield. */
  metafields: Array<MetafieldInput> | null | undefined;
  /** The date and time (ISO 8601 format) when the page should become visible. */
  publishDate: string | null | undefined;
  /**
   * The suffix of the template that's used to render the page.
   * If the value is an empty string or `null`, then the default page template is used.
   */
  templateSuffix: string | null | undefined;
  /** The title of the page. */
  title: string;
};

/** Possible error codes that can be returned by `PageCreateUserError`. */
export type PageCreateUserErrorCode =
  /** The input value is blank. */
  | 'BLANK'
  /** The input value is invalid. */
  | 'INVALID'
  /** Can’t set isPublished to true and also set a future publish date. */
  | 'INVALID_PUBLISH_DATE'
  /** The metafield type is invalid. */
  | 'INVALID_TYPE'
  /** The value is invalid for the metafield type or for the definition options. */
  | 'INVALID_VALUE'
  /** The input value is already taken. */
  | 'TAKEN'
  /** The input value is too big. */
  | 'TOO_BIG'
  /** The input value is too long. */
  | 'TOO_LONG';

/** The possible product statuses. */
export type ProductStatus =
  /**
   * The product is ready to sell and can be published to sales channels and apps.
   * Products with an active status aren't automatically published to sales
   * channels, such as the online store, or apps. By default, existing products are set to active.
   */
  | 'ACTIVE'
  /** The product is no longer being sold and isn't available to customers on sales channels and apps. */
  | 'ARCHIVED'
  /**
   * The product isn't ready to sell and is unavailable to customers on sales
   * channels and apps. By default, duplicated and unarchived products are set to draft.
   */
  | 'DRAFT'
  /**
   * The product is active but you need a direct link to view it. The product
   * doesn't show up in search, collections, or product recommendations. It will be
   * returned in Storefront API and Liquid only when referenced individually by
   * handle, id, or metafield reference.This status is only visible from 2025-10
   * and up, is translated to active in older versions and can't be changed from
   * unlisted in older versions.
   */
  | 'UNLISTED';

/** The input fields for a storefront access token. */
export type StorefrontAccessTokenInput = {
  /** A title for the storefront access token. */
  title: string;
};

export type PopstageAppInstallationIdQueryVariables = Exact<{ [key: string]: never; }>;


export type PopstageAppInstallationIdQuery = { currentAppInstallation: { id: string } };

export type PopstageAppDataMetafieldQueryVariables = Exact<{
  namespace: string;
  key: string;
}>;


export type PopstageAppDataMetafieldQuery = { currentAppInstallation: { metafield: { value: string } | null } };

export type PopstageMetafieldsSetMutationVariables = Exact<{
  metafields: Array<MetafieldsSetInput> | MetafieldsSetInput;
}>;


export type PopstageMetafieldsSetMutation = { metafieldsSet: { metafields: Array<{ id: string, namespace: string, key: string, value: string }> | null, userErrors: Array<{ field: Array<string> | null, message: string, code: MetafieldsSetUserErrorCode | null }> } | null };

export type PopstageAppSubscriptionFragment = { id: string, name: string, status: AppSubscriptionStatus, test: boolean, createdAt: string, currentPeriodEnd: string | null, lineItems: Array<{ id: string, plan: { pricingDetails:
        | { __typename: 'AppRecurringPricing', interval: AppPricingInterval, price: { amount: string, currencyCode: CurrencyCode }, discount: { durationLimitInIntervals: number | null, remainingDurationInIntervals: number | null, priceAfterDiscount: { amount: string, currencyCode: CurrencyCode }, value:
              | { __typename: 'AppSubscriptionDiscountAmount', amount: { amount: string, currencyCode: CurrencyCode } }
              | { __typename: 'AppSubscriptionDiscountPercentage', percentage: number }
             } | null }
        | { __typename: 'AppUsagePricing', terms: string, cappedAmount: { amount: string, currencyCode: CurrencyCode }, balanceUsed: { amount: string, currencyCode: CurrencyCode } }
       } }> };

export type PopstageAppSubscriptionCreateMutationVariables = Exact<{
  name: string;
  returnUrl: string;
  test: boolean | null | undefined;
  replacementBehavior: AppSubscriptionReplacementBehavior | null | undefined;
  lineItems: Array<AppSubscriptionLineItemInput> | AppSubscriptionLineItemInput;
}>;


export type PopstageAppSubscriptionCreateMutation = { appSubscriptionCreate: { confirmationUrl: string | null, appSubscription: { id: string, name: string, status: AppSubscriptionStatus, test: boolean, createdAt: string, currentPeriodEnd: string | null, lineItems: Array<{ id: string, plan: { pricingDetails:
            | { __typename: 'AppRecurringPricing', interval: AppPricingInterval, price: { amount: string, currencyCode: CurrencyCode }, discount: { durationLimitInIntervals: number | null, remainingDurationInIntervals: number | null, priceAfterDiscount: { amount: string, currencyCode: CurrencyCode }, value:
                  | { __typename: 'AppSubscriptionDiscountAmount', amount: { amount: string, currencyCode: CurrencyCode } }
                  | { __typename: 'AppSubscriptionDiscountPercentage', percentage: number }
                 } | null }
            | { __typename: 'AppUsagePricing', terms: string, cappedAmount: { amount: string, currencyCode: CurrencyCode }, balanceUsed: { amount: string, currencyCode: CurrencyCode } }
           } }> } | null, userErrors: Array<{ field: Array<string> | null, message: string }> } | null };

export type PopstageActiveSubscriptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type PopstageActiveSubscriptionsQuery = { currentAppInstallation: { activeSubscriptions: Array<{ id: string, name: string, status: AppSubscriptionStatus, test: boolean, createdAt: string, currentPeriodEnd: string | null, lineItems: Array<{ id: string, plan: { pricingDetails:
            | { __typename: 'AppRecurringPricing', interval: AppPricingInterval, price: { amount: string, currencyCode: CurrencyCode }, discount: { durationLimitInIntervals: number | null, remainingDurationInIntervals: number | null, priceAfterDiscount: { amount: string, currencyCode: CurrencyCode }, value:
                  | { __typename: 'AppSubscriptionDiscountAmount', amount: { amount: string, currencyCode: CurrencyCode } }
                  | { __typename: 'AppSubscriptionDiscountPercentage', percentage: number }
                 } | null }
            | { __typename: 'AppUsagePricing', terms: string, cappedAmount: { amount: string, currencyCode: CurrencyCode }, balanceUsed: { amount: string, currencyCode: CurrencyCode } }
           } }> }> } };

export type PopstageAppSubscriptionCancelMutationVariables = Exact<{
  id: string | number;
  prorate: boolean | null | undefined;
}>;


export type PopstageAppSubscriptionCancelMutation = { appSubscriptionCancel: { appSubscription: { id: string, status: AppSubscriptionStatus } | null, userErrors: Array<{ field: Array<string> | null, message: string }> } | null };

export type PopstageAppUsageRecordCreateMutationVariables = Exact<{
  subscriptionLineItemId: string | number;
  price: MoneyInput;
  description: string;
  idempotencyKey: string | null | undefined;
}>;


export type PopstageAppUsageRecordCreateMutation = { appUsageRecordCreate: { appUsageRecord: { id: string } | null, userErrors: Array<{ field: Array<string> | null, message: string }> } | null };

export type PopstageChannelCreateMutationVariables = Exact<{
  input: ChannelCreateInput;
}>;


export type PopstageChannelCreateMutation = { channelCreate: { channel: { id: string } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: ChannelCreateUserErrorCode | null }> } | null };

export type PopstageCollectionsQueryVariables = Exact<{
  first: number;
  after: string | null | undefined;
  query: string | null | undefined;
}>;


export type PopstageCollectionsQuery = { collections: { nodes: Array<{ id: string, title: string, handle: string, productsCount: { count: number } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PopstageCollectionQueryVariables = Exact<{
  id: string | number;
}>;


export type PopstageCollectionQuery = { collection: { id: string, title: string, handle: string, productsCount: { count: number } | null } | null };

export type PopstageStorefrontDomainsQueryVariables = Exact<{
  after: string | null | undefined;
}>;


export type PopstageStorefrontDomainsQuery = { shop: { primaryDomain: { url: string } }, webPresences: { nodes: Array<{ domain: { url: string } | null, rootUrls: Array<{ url: string }> }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null };

export type PopstageOrdersAccessQueryVariables = Exact<{ [key: string]: never; }>;


export type PopstageOrdersAccessQuery = { orders: { nodes: Array<{ id: string }> } };

export type PopstagePageByHandleQueryVariables = Exact<{
  query: string;
}>;


export type PopstagePageByHandleQuery = { shop: { primaryDomain: { url: string } }, pages: { nodes: Array<{ id: string, title: string, handle: string, body: string }> } };

export type PopstagePrimaryDomainQueryVariables = Exact<{ [key: string]: never; }>;


export type PopstagePrimaryDomainQuery = { shop: { primaryDomain: { url: string } } };

export type PopstagePageCreateMutationVariables = Exact<{
  page: PageCreateInput;
}>;


export type PopstagePageCreateMutation = { pageCreate: { page: { id: string, title: string, handle: string, body: string } | null, userErrors: Array<{ code: PageCreateUserErrorCode | null, field: Array<string> | null, message: string }> } | null };

export type PopstageProductFragment = { id: string, title: string, handle: string, description: string, status: ProductStatus, createdAt: string, priceRangeV2: { minVariantPrice: { amount: string, currencyCode: CurrencyCode } }, variants: { nodes: Array<{ id: string, price: string, availableForSale: boolean }> }, featuredMedia:
    | { image: { url: string, altText: string | null } | null }
    | Record<PropertyKey, never>
   | null };

export type PopstageProductsQueryVariables = Exact<{
  first: number;
  after: string | null | undefined;
  query: string | null | undefined;
}>;


export type PopstageProductsQuery = { products: { nodes: Array<{ id: string, title: string, handle: string, description: string, status: ProductStatus, createdAt: string, priceRangeV2: { minVariantPrice: { amount: string, currencyCode: CurrencyCode } }, variants: { nodes: Array<{ id: string, price: string, availableForSale: boolean }> }, featuredMedia:
        | { image: { url: string, altText: string | null } | null }
        | Record<PropertyKey, never>
       | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PopstageProductsByIdQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type PopstageProductsByIdQuery = { nodes: Array<
    | { id: string, title: string, handle: string, description: string, status: ProductStatus, createdAt: string, priceRangeV2: { minVariantPrice: { amount: string, currencyCode: CurrencyCode } }, variants: { nodes: Array<{ id: string, price: string, availableForSale: boolean }> }, featuredMedia:
        | { image: { url: string, altText: string | null } | null }
        | Record<PropertyKey, never>
       | null }
    | Record<PropertyKey, never>
   | null> };

export type PopstageProductsInCollectionQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
  collectionId: string | number;
}>;


export type PopstageProductsInCollectionQuery = { nodes: Array<
    | { id: string, inCollection: boolean }
    | Record<PropertyKey, never>
   | null> };

export type PopstagePublishCandidatesQueryVariables = Exact<{
  first: number;
  after: string | null | undefined;
  query: string | null | undefined;
  publicationId: string | number;
}>;


export type PopstagePublishCandidatesQuery = { products: { nodes: Array<{ id: string, status: ProductStatus, publishedOnPublication: boolean }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PopstagePublishCandidatesByIdQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
  publicationId: string | number;
}>;


export type PopstagePublishCandidatesByIdQuery = { nodes: Array<
    | { id: string, status: ProductStatus, publishedOnPublication: boolean }
    | Record<PropertyKey, never>
   | null> };

export type PopstageAppPublicationQueryVariables = Exact<{
  after: string | null | undefined;
}>;


export type PopstageAppPublicationQuery = { currentAppInstallation: { app: { id: string } }, publications: { nodes: Array<{ id: string, catalog:
        | { apps: { nodes: Array<{ id: string }> } }
        | Record<PropertyKey, never>
       | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PopstagePublishedProductsCountQueryVariables = Exact<{
  publicationId: string | number;
}>;


export type PopstagePublishedProductsCountQuery = { publishedProductsCount: { count: number } | null };

export type PopstagePublishResultFragment = { userErrors: Array<{ field: Array<string> | null, message: string }> };

export type PopstageShopQueryVariables = Exact<{ [key: string]: never; }>;


export type PopstageShopQuery = { shop: { name: string, email: string, contactEmail: string, myshopifyDomain: string, currencyCode: CurrencyCode, createdAt: string, shopOwnerName: string, ianaTimezone: string, primaryDomain: { url: string }, plan: { partnerDevelopment: boolean } } };

export type PopstageStorefrontTokenCreateMutationVariables = Exact<{
  input: StorefrontAccessTokenInput;
}>;


export type PopstageStorefrontTokenCreateMutation = { storefrontAccessTokenCreate: { storefrontAccessToken: { accessToken: string } | null, userErrors: Array<{ field: Array<string> | null, message: string }> } | null };

export type PopstageMainThemeSettingsQueryVariables = Exact<{
  filenames: Array<string> | string;
}>;


export type PopstageMainThemeSettingsQuery = { currentAppInstallation: { app: { handle: string | null } }, themes: { nodes: Array<{ id: string, files: { nodes: Array<{ filename: string, body:
            | { contentBase64: string }
            | { content: string }
            | { url: string }
           }> } | null }> } | null };
