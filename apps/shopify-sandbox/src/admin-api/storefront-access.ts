import { toGid } from '../store/gid';
import type { AdminContext } from './context';
import { shop } from './shop';

/**
 * `storefrontAccessTokenCreate`: a token the app's clients (its mobile app) send to the
 * Storefront API. It carries the app's unauthenticated_* scopes, as Shopify's does.
 */
export async function storefrontAccessTokenCreate(
  args: { input: { title: string } },
  context: AdminContext,
) {
  const title = args.input.title.trim();
  if (title === '') {
    return {
      storefrontAccessToken: null,
      userErrors: [
        { __typename: 'UserError', field: ['input', 'title'], message: "Title can't be blank" },
      ],
      shop: () => shop({}, context),
    };
  }
  const row = await context.storefrontTokens.create(context.shop, title);
  const createdAt = row.createdAt.toISOString();
  return {
    storefrontAccessToken: {
      __typename: 'StorefrontAccessToken',
      id: toGid('StorefrontAccessToken', row.id),
      accessToken: row.token,
      title: row.title,
      createdAt,
      updatedAt: createdAt,
      accessScopes: context.scopes
        .filter((scope) => scope.startsWith('unauthenticated_'))
        .map((handle) => ({ __typename: 'AccessScope', handle, description: handle })),
    },
    userErrors: [],
    shop: () => shop({}, context),
  };
}
