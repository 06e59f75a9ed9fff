/** The popclips area's public face: its routes, webhooks and jobs, and what other areas may use. */

export { captionRoutes } from './captions-routes';
export { productClipCountsJob } from './clip-counts-job';
export { clipCountOf, clipsByMetaIds, failedClips, usableClipsProducts } from './clip-reads';
export { clipFolder, derivedKeys } from './media-keys';
export { processClipFailedJob, processClipJob } from './processing-job';
export { productDeleteWebhookRoutes, productUpdateWebhookRoutes } from './product-webhook-routes';
export { popclipsRoutes } from './routes';
export { uploadSweepJob } from './upload-sweep-job';
export { importVideoFile } from './video-file-import';
