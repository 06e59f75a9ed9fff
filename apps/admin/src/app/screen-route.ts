import { guardRoute } from '@popstage/core/routing';
import type { RouteObject } from 'react-router-dom';
import type { ScreenLoaderContext, ScreenModule } from '../lib/screen';
import { shopQueryOptions } from './shop/shop-query';

export type LoadScreen = () => Promise<ScreenModule>;

/**
 * A lazily loaded screen (its own code chunk). Its loader prefetches once the shop is known and
 * the guards let the shop in, so a page the shop may not open costs no call; navigation never
 * waits for the data.
 */
export function screen(context: ScreenLoaderContext, load: LoadScreen): RouteObject['lazy'] {
  return async () => {
    const { Component, loader } = await load();
    if (!loader) return { Component };
    return {
      Component,
      loader: (args) => {
        const { pathname } = new URL(args.request.url);
        context.queryClient.ensureQueryData(shopQueryOptions(context.api)).then(
          (shop) => {
            if (guardRoute(pathname, shop).kind === 'allow') loader(context, args);
          },
          () => {}, // The shell shows the failed shop load.
        );
        return null;
      },
    };
  };
}
