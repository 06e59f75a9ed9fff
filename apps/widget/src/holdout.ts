import { inHoldout } from '@popstage/core/analytics';
import { tagCart } from './cart';
import type { Visitor } from './visitor';

const VISIT_KEY = 'popstage:holdout-visit';

/**
 * Insights' holdout test, while one runs: the visitor is reported once per browser session and
 * put on the cart in both groups (their orders are what is compared); true when the widget stays
 * hidden for them. The server keeps each visitor's first group; the same hash of the same id
 * puts them in it here. Without consent there is no visitor, so no test: the widget shows.
 */
export async function heldOut(
  percent: number,
  visitor: Visitor,
  reportVisit: (signedId: string) => Promise<void>,
): Promise<boolean> {
  if (percent <= 0) return false;
  const signed = await visitor.ensure();
  if (!signed) return false;
  try {
    if (sessionStorage.getItem(VISIT_KEY) !== signed) {
      await reportVisit(signed);
      sessionStorage.setItem(VISIT_KEY, signed);
    }
  } catch {
    // Storage blocked: reported again on the next page, counted once by the server.
  }
  void tagCart(visitor.name);
  return inHoldout(visitor.name, percent);
}
