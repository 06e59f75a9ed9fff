import type { ConsoleSection } from '../section';
import { accountSection } from './account';
import { appRequestsSection } from './app-requests';
import { auditSection } from './audit';
import { bannersSection } from './banners';
import { discountCodesSection } from './discount-codes';
import { shopsSection } from './shops';
import { staffSection } from './staff';

/** The console's sections, in navigation order; each is one file of this folder. */
export const CONSOLE_SECTIONS: ConsoleSection[] = [
  shopsSection,
  appRequestsSection,
  bannersSection,
  discountCodesSection,
  auditSection,
  staffSection,
  accountSection,
];
