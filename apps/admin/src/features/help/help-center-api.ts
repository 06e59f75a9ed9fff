import { helpCenterContract } from '@popstage/core/help';
import { useRouteQuery } from '../../lib/api/hooks';

/** The help center's calls (core/help help-center.ts); its content changes rarely. */
const STALE_MS = 5 * 60_000;

export function useHelpCenterTree() {
  return useRouteQuery(helpCenterContract.tree, {}, { staleTime: STALE_MS });
}

export function useHelpSearch(query: string) {
  return useRouteQuery(
    helpCenterContract.search,
    { query: { query } },
    { enabled: query.trim() !== '', staleTime: STALE_MS },
  );
}

export function useHelpArticle(articleId: string) {
  return useRouteQuery(
    helpCenterContract.article,
    { params: { articleId } },
    { staleTime: STALE_MS, retry: false },
  );
}
