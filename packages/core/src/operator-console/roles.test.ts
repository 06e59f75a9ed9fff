import { describe, expect, it } from 'vitest';
import { OPERATOR_PERMISSIONS, operatorCan } from './roles';

describe('operator roles', () => {
  it('lets each role do what its rank allows, and no more', () => {
    expect(operatorCan('viewer', 'shops.read')).toBe(true);
    expect(operatorCan('viewer', 'flags.write')).toBe(false);
    expect(operatorCan('support', 'flags.write')).toBe(true);
    expect(operatorCan('support', 'plans.propose')).toBe(true);
    expect(operatorCan('support', 'banners.write')).toBe(false);
    expect(operatorCan('support', 'staff.manage')).toBe(false);
    for (const permission of Object.keys(OPERATOR_PERMISSIONS)) {
      expect(operatorCan('admin', permission as keyof typeof OPERATOR_PERMISSIONS)).toBe(true);
    }
  });
});
