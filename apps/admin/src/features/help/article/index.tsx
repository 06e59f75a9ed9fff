import { helpCenterContract } from '@popstage/core/help';
import { routeQueryOptions } from '../../../lib/api/hooks';
import type { ScreenLoader } from '../../../lib/screen';
import { HelpArticlePage } from '../HelpArticlePage';

/** /resources/articles/:articleId: one help article. */
export function Component() {
  return <HelpArticlePage />;
}

export const loader: ScreenLoader = ({ api, queryClient }, { params }) => {
  if (!params.articleId) return;
  void queryClient.prefetchQuery(
    routeQueryOptions(api, helpCenterContract.article, {
      params: { articleId: params.articleId },
    }),
  );
};
