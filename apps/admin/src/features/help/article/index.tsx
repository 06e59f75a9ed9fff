import type { ScreenLoader } from '../../../lib/screen';
import { helpArticleOptions } from '../data';
import { HelpArticlePage } from '../HelpArticlePage';

/** /resources/articles/:articleId: one help article. */
export function Component() {
  return <HelpArticlePage />;
}

export const loader: ScreenLoader = ({ api, queryClient }, { params }) => {
  if (!params.articleId) return;
  void queryClient.prefetchQuery(helpArticleOptions(api, params.articleId));
};
