export {
  CONSOLE_MESSAGES,
  discountCodeInputSchema,
  OPERATOR_PASSWORD_MIN,
  signInSchema,
  staffMemberSchema,
  totpCodeSchema,
} from './forms';
export type { OperatorPermission, OperatorRole } from './roles';
export { OPERATOR_PERMISSIONS, OPERATOR_ROLES, operatorCan } from './roles';
