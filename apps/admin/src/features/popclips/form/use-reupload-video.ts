import { type CsReuploadBody, popclipsContract } from '@popstage/core/popclips';
import { useState } from 'react';
import { useApi } from '../../../lib/api/ApiContext';
import { declaredType, fileMeta } from './file-types';
import { putFile } from './put-file';

/**
 * A new video for a failed, interrupted or unfinished clip (Edit): csReupload signs a PUT, the
 * video goes up with progress, csUploadComplete queues processing. Throws what failed.
 */
export function useReuploadVideo(metaIdentifier: string) {
  const api = useApi();
  const [progress, setProgress] = useState<number | null>(null);

  async function reupload(video: File): Promise<void> {
    setProgress(0);
    try {
      const answer = await api.call(popclipsContract.csReupload, {
        // The picker took the file only once core's videoFileSchema passed (a video type).
        body: {
          metaIdentifier,
          fileName: video.name,
          fileMeta: fileMeta(video) as CsReuploadBody['fileMeta'],
        },
      });
      await putFile(answer.uploadFileUrl, video, declaredType(video), setProgress);
      await api.call(popclipsContract.csUploadComplete, { body: { metaIdentifier } });
    } finally {
      setProgress(null);
    }
  }

  return { reupload, progress };
}
