import { isUnder, ROUTES } from '@popstage/core/routing';

/** The Popclips entry has its own copy of the account flow; keep the merchant inside it. */
export function accountPaths(pathname: string): { create: string; verify: string } {
  return isUnder(pathname, ROUTES.popclips)
    ? { create: ROUTES.popclipsAccountCreate, verify: ROUTES.popclipsAccountVerify }
    : { create: ROUTES.accountCreate, verify: ROUTES.accountVerify };
}
