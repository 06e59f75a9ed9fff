import { shopObjectGid } from '../store/gid';
import { type AdminContext, userError } from './context';

interface ChannelCreateInput {
  specificationHandle: string;
  accountId: string;
  accountName: string;
  handle?: string | null;
}

/**
 * Admin API `channelCreate`: connects the app's sales channel to the shop, bound to one of the
 * specifications its channel_config extension deployed. The channel's publication exists from
 * then on (publications, publishablePublish). A specification the app did not deploy, or a second
 * connection, is refused with userErrors.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/channelCreate
 */
export async function channelCreate(args: { input: ChannelCreateInput }, context: AdminContext) {
  const { input } = args;
  if (!context.channelSpecifications.includes(input.specificationHandle)) {
    return {
      channel: null,
      userErrors: [
        userError(
          `Channel specification ${input.specificationHandle} does not exist for this app`,
          ['input', 'specificationHandle'],
          'NOT_FOUND',
        ),
      ],
    };
  }
  if (!(await context.store.connectSalesChannel(context.shop, input.specificationHandle))) {
    return {
      channel: null,
      // The handle (specification and account) must be unique in the shop.
      userErrors: [userError('Handle has already been taken', ['input'], 'INVALID')],
    };
  }
  return {
    channel: {
      __typename: 'Channel',
      // The app's one channel connection per shop in the local Shopify.
      id: shopObjectGid(context.shop, 'Channel'),
      handle: input.handle ?? `${input.specificationHandle}-${input.accountId}`,
      name: input.accountName,
      accountId: input.accountId,
      accountName: input.accountName,
      specificationHandle: input.specificationHandle,
    },
    userErrors: [],
  };
}
