/**
 * The operator console's roles (issue 18): viewer reads, support changes a shop's flags, plan
 * proposals and app requests, admin also writes banner rules and discount codes and manages staff.
 * Each action names the least role that may take it.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_PERMISSIONS = {
  'shops.read': 'viewer',
  'audit.read': 'viewer',
  'banners.read': 'viewer',
  'discounts.read': 'viewer',
  'flags.write': 'support',
  'plans.propose': 'support',
  'appRequests.write': 'support',
  'banners.write': 'admin',
  'discounts.write': 'admin',
  'staff.manage': 'admin',
} as const satisfies Record<string, OperatorRole>;
export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS;

export function operatorCan(role: OperatorRole, permission: OperatorPermission): boolean {
  return OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(OPERATOR_PERMISSIONS[permission]);
}
