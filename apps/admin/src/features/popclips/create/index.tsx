import type { ScreenLoader } from '../../../lib/screen';

/** /popclips/create (spec 02 §2). */
export { CreatePopclipPage as Component } from './CreatePopclipPage';

/**
 * The form reads the view-limit gating (billing) and the product picker's first page (catalogue);
 * neither area offers query options to prefetch with yet, so nothing starts here.
 */
export const loader: ScreenLoader = () => undefined;
