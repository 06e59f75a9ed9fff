/**
 * The app's sales channel connection: the branded mobile app channel, bound to the specification
 * extensions/channel-config deploys. Created the first time the merchant publishes products to
 * Popstage; Shopify then gives the app its publication.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/channelCreate
 */
export const CHANNEL_SPECIFICATION = 'popstage-mobile-app';

export const CHANNEL_CREATE_MUTATION = /* GraphQL */ `
  mutation PopstageChannelCreate($input: ChannelCreateInput!) {
    channelCreate(input: $input) {
      channel {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;
