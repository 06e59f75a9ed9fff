import {
  CLIP_LIST_PAGE_SIZE,
  CLIP_POLL_INTERVAL_MS,
  type CsImportBody,
  type CsUpdateMediaResponse,
  type CsUploadResponse,
  type DisplayTarget,
  FILE_CATEGORY,
  type ListMediaResponse,
  type Popclip,
  shouldPollClips,
} from '@popstage/core/popclips';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';
import type { ApiClient } from '../../../lib/api/client';

/** The media gallery calls of docs/api.md "Popclips media": list and edit queries, actions. */

export const clipsQueryKey = ['popclips', 'clips'] as const;

/** Polls every 8 s while a loaded clip is processing (core shouldPollClips). */
export function pollInterval(data: InfiniteData<ListMediaResponse> | undefined): number | false {
  const clips = data?.pages.flatMap((page) => page.data) ?? [];
  return shouldPollClips(clips) ? CLIP_POLL_INTERVAL_MS : false;
}

/** The shop's clips, newest first, 14 a page, resumed from lastEvaluatedKey ("Load more"). */
export function useClipsList(ownerId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...clipsQueryKey, ownerId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.post<ListMediaResponse>(
        '/api/media/listMediabyID',
        {
          id: ownerId,
          pageSize: CLIP_LIST_PAGE_SIZE,
          fileCategory: FILE_CATEGORY,
          lastEvaluatedKey: pageParam,
        },
        { signal },
      ),
    getNextPageParam: (last) => last.lastEvaluatedKey ?? undefined,
    refetchInterval: (query) => pollInterval(query.state.data),
  });
}

/** One clip for the edit page (data[0]); a 404 means 'Clip not found.'. */
export async function fetchClip(
  api: ApiClient,
  sellerId: string,
  metaIdentifier: string,
  signal?: AbortSignal,
): Promise<Popclip | null> {
  const answer = await api.post<{ data: Popclip[] }>(
    '/api/media/listMediabyTypeAndMetaId',
    { fileCategory: FILE_CATEGORY, metaIds: [metaIdentifier], sellerId },
    { signal },
  );
  return answer.data[0] ?? null;
}

export function deleteClip(api: ApiClient, clip: Pick<Popclip, 'id' | 'metaIdentifier'>) {
  return api.post<{ success: true }>('/api/media/csDeleteMedia', {
    id: clip.id,
    metaIdentifier: clip.metaIdentifier,
  });
}

/** A file as the server is told of it before the signed PUT. */
export interface FileMeta {
  type: string;
  size: number;
}

export interface WireProduct {
  shopifyProductId: string;
  shopifyProductHandle: string;
  shopifyProductUrl: string;
  defaultImage: string | null;
}

export interface ClipMeta {
  videoTitle: string;
  products: WireProduct[];
  featured: boolean;
  display: DisplayTarget[];
}

export interface CsUploadRequest {
  fileName: string;
  fileMeta: FileMeta;
  customThumbnailImage: FileMeta | null;
  metaData: ClipMeta & { clipSourceType: 'device' };
}

export function csUpload(api: ApiClient, body: CsUploadRequest) {
  return api.post<CsUploadResponse>('/api/media/csUpload', body);
}

export function csUploadComplete(api: ApiClient, metaIdentifier: string) {
  return api.post<{ clip: Popclip }>('/api/media/csUploadComplete', { metaIdentifier });
}

export function csImport(api: ApiClient, body: CsImportBody) {
  return api.post<{ clip: Popclip }>('/api/media/csImport', body);
}

export interface CsUpdateRequest {
  id: string;
  metaIdentifier: string;
  metaData: ClipMeta;
  updateMedia: boolean;
  customThumbnailImage: FileMeta | null;
}

export function csUpdateMedia(api: ApiClient, body: CsUpdateRequest) {
  return api.post<CsUpdateMediaResponse>('/api/media/csUpdateMedia', body);
}
