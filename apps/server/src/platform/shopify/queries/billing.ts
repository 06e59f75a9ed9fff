/**
 * App subscriptions (recurring app charges).
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/appSubscriptionCreate
 * https://shopify.dev/docs/api/admin-graphql/2026-10/objects/AppInstallation (activeSubscriptions)
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/appSubscriptionCancel
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/appUsageRecordCreate
 */
const APP_SUBSCRIPTION_FIELDS = /* GraphQL */ `
  fragment PopstageAppSubscription on AppSubscription {
    id
    name
    status
    test
    createdAt
    currentPeriodEnd
    lineItems {
      id
      plan {
        pricingDetails {
          __typename
          ... on AppRecurringPricing {
            interval
            price {
              amount
              currencyCode
            }
            discount {
              durationLimitInIntervals
              remainingDurationInIntervals
              priceAfterDiscount {
                amount
                currencyCode
              }
              value {
                __typename
                ... on AppSubscriptionDiscountAmount {
                  amount {
                    amount
                    currencyCode
                  }
                }
                ... on AppSubscriptionDiscountPercentage {
                  percentage
                }
              }
            }
          }
          ... on AppUsagePricing {
            terms
            cappedAmount {
              amount
              currencyCode
            }
            balanceUsed {
              amount
              currencyCode
            }
          }
        }
      }
    }
  }
`;

export const APP_SUBSCRIPTION_CREATE_MUTATION = /* GraphQL */ `
  mutation PopstageAppSubscriptionCreate(
    $name: String!
    $returnUrl: URL!
    $test: Boolean
    $replacementBehavior: AppSubscriptionReplacementBehavior
    $lineItems: [AppSubscriptionLineItemInput!]!
  ) {
    appSubscriptionCreate(
      name: $name
      returnUrl: $returnUrl
      test: $test
      replacementBehavior: $replacementBehavior
      lineItems: $lineItems
    ) {
      appSubscription {
        ...PopstageAppSubscription
      }
      confirmationUrl
      userErrors {
        field
        message
      }
    }
  }
  ${APP_SUBSCRIPTION_FIELDS}
`;

export const ACTIVE_SUBSCRIPTIONS_QUERY = /* GraphQL */ `
  query PopstageActiveSubscriptions {
    currentAppInstallation {
      activeSubscriptions {
        ...PopstageAppSubscription
      }
    }
  }
  ${APP_SUBSCRIPTION_FIELDS}
`;

export const APP_SUBSCRIPTION_CANCEL_MUTATION = /* GraphQL */ `
  mutation PopstageAppSubscriptionCancel($id: ID!, $prorate: Boolean) {
    appSubscriptionCancel(id: $id, prorate: $prorate) {
      appSubscription {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A usage charge; the same idempotencyKey answers the first record instead of charging again. */
export const APP_USAGE_RECORD_CREATE_MUTATION = /* GraphQL */ `
  mutation PopstageAppUsageRecordCreate(
    $subscriptionLineItemId: ID!
    $price: MoneyInput!
    $description: String!
    $idempotencyKey: String
  ) {
    appUsageRecordCreate(
      subscriptionLineItemId: $subscriptionLineItemId
      price: $price
      description: $description
      idempotencyKey: $idempotencyKey
    ) {
      appUsageRecord {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;
