/**
 * The operator area's public face: the staff API (/operator/api), the operations the operator
 * console puts its screens in front of, and the audit log both write to.
 */
export type { AuditActor, AuditRow } from './audit';
export { audited, recentAudit, recordAudit } from './audit';
export { operatorRoutes } from './routes';
export {
  changeMobileAppRequest,
  installedShop,
  mobileAppRequestHistory,
  operatorShop,
  proposeCompanyPlanChange,
  setFeatureFlags,
} from './service';
