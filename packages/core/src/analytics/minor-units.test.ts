import { describe, expect, it } from 'vitest';
import { amountToMinorUnits, currencyDigits } from './minor-units';

describe('currency minor units', () => {
  it('knows the decimals of two-, zero- and three-decimal currencies', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('converts decimal strings to integer minor units', () => {
    expect(amountToMinorUnits('19.99', 'USD')).toBe(1999);
    expect(amountToMinorUnits('30', 'USD')).toBe(3000);
    expect(amountToMinorUnits('0.5', 'EUR')).toBe(50);
    expect(amountToMinorUnits(' 7.10 ', 'USD')).toBe(710);
    expect(amountToMinorUnits('1000', 'JPY')).toBe(1000);
    expect(amountToMinorUnits('1000.00', 'JPY')).toBe(1000);
    expect(amountToMinorUnits('1.234', 'KWD')).toBe(1234);
  });

  it('rounds digits beyond the minor unit half up, without float error', () => {
    expect(amountToMinorUnits('0.125', 'USD')).toBe(13);
    expect(amountToMinorUnits('0.124', 'USD')).toBe(12);
    expect(amountToMinorUnits('1.005', 'USD')).toBe(101);
    expect(amountToMinorUnits('999.5', 'JPY')).toBe(1000);
  });

  it('refuses what is not a plain non-negative amount', () => {
    for (const bad of ['', '-1.00', '1,00', '1e3', 'abc', '.5', '1.']) {
      expect(() => amountToMinorUnits(bad, 'USD')).toThrow(RangeError);
    }
  });
});
