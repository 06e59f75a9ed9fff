export {
  CONSOLE_MESSAGES,
  discountCodeInputSchema,
  OPERATOR_PASSWORD_MIN,
  passwordChangeSchema,
  signInSchema,
  staffMemberSchema,
  totpCodeSchema,
} from './forms';
export {
  lockoutMinutes,
  SIGN_IN_FAILURES_FORGOTTEN_HOURS,
  SIGN_IN_FREE_FAILURES,
} from './lockout';
export type { OperatorPermission, OperatorRole } from './roles';
export { OPERATOR_PERMISSIONS, OPERATOR_ROLES, operatorCan } from './roles';
