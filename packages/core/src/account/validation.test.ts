import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_CODE } from './constants';
import { ACCOUNT_VALIDATION_MESSAGES, OTP_MESSAGES } from './messages';
import {
  ACCOUNT_FORM_DEFAULTS,
  accountFormSchema,
  combinePhone,
  confirmationCodeSchema,
  countryCodeSchema,
  e164PhoneSchema,
  emailSchema,
  isBasicPlane,
  normaliseEmail,
  phoneNumberSchema,
  sanitiseCodeInput,
  termsSchema,
} from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('email', () => {
  it.each(['merchant@example.com', 'a.b+c@shop.co.uk', "o'neil@example.io", 'X@Y.ZZ'])(
    'accepts %s',
    (email) => {
      expect(emailSchema.safeParse(email).success).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    'no-domain@',
    '@example.com',
    'two..dots@example.com',
    'a@b',
    'space in@example.com',
    'smile😀@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j with the spec message', (email) => {
    expect(firstMessage(emailSchema.safeParse(email))).toBe('Invalid email address');
  });

  it('allows exactly 255 characters and trims', () => {
    const at255 = `${'a'.repeat(243)}@example.com`;
    expect(at255).toHaveLength(255);
    expect(emailSchema.safeParse(at255).success).toBe(true);
    expect(emailSchema.parse('  merchant@example.com ')).toBe('merchant@example.com');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe(
      ACCOUNT_VALIDATION_MESSAGES.invalidEmail,
    );
  });

  it('normalises for uniqueness', () => {
    expect(normaliseEmail(' Merchant@Example.COM ')).toBe('merchant@example.com');
  });
});

describe('basic plane', () => {
  it('refuses astral characters only', () => {
    expect(isBasicPlane('héllo 你好')).toBe(true);
    expect(isBasicPlane('😀')).toBe(false);
    expect(isBasicPlane('𝟙𝟚𝟛')).toBe(false);
  });
});

describe('country code', () => {
  it.each(['+1', '1', '+44', '+353', '1264', '0044'])('accepts %s', (code) => {
    expect(countryCodeSchema.safeParse(code).success).toBe(true);
  });
  it.each(['', '+', '+1264', '12345', '+4a', 'one'])('refuses %j', (code) => {
    expect(firstMessage(countryCodeSchema.safeParse(code))).toBe(
      'Please enter a valid phone number',
    );
  });
  it('defaults to +1', () => {
    expect(DEFAULT_COUNTRY_CODE).toBe('+1');
    expect(ACCOUNT_FORM_DEFAULTS.countryCode).toBe('+1');
  });
});

describe('phone number', () => {
  it.each(['55512', '555-123-4567', '(555)123.4567', '555/123/4567', '1234567890123456'])(
    'accepts %s',
    (number) => {
      expect(phoneNumberSchema.safeParse(number).success).toBe(true);
    },
  );
  it.each(['5551', '12345678901234567', '555 123 4567', '+15551234567', '555-CALL-NOW'])(
    'refuses %j',
    (number) => {
      expect(firstMessage(phoneNumberSchema.safeParse(number))).toBe(
        'Please enter a valid phone number',
      );
    },
  );

  it('combines into E.164 or null', () => {
    expect(combinePhone('+1', '(555) 123-4567'.replace(' ', ''))).toBe('+15551234567');
    expect(combinePhone('44', '020.7946.0018')).toBe('+4402079460018');
    expect(combinePhone('+0', '5551234567')).toBeNull();
    // 3 + 16 digits is beyond E.164's 15.
    expect(combinePhone('+353', '1234567890123456')).toBeNull();
    expect(combinePhone('+1', '55-1')).toBeNull();
  });

  it('takes whole numbers as E.164 on the server with the §8 message', () => {
    expect(e164PhoneSchema.safeParse('+15551234567').success).toBe(true);
    for (const bad of ['15551234567', '+0123', '+1', '+1234567890123456', '+1 555']) {
      expect(firstMessage(e164PhoneSchema.safeParse(bad))).toBe(
        'Invalid phone number. Please enter a valid phone number.',
      );
    }
    expect(OTP_MESSAGES.invalidPhone).toBe(
      'Invalid phone number. Please enter a valid phone number.',
    );
  });
});

describe('terms', () => {
  it('must be accepted', () => {
    expect(termsSchema.safeParse(true).success).toBe(true);
    for (const value of [false, undefined, 'true']) {
      expect(firstMessage(termsSchema.safeParse(value))).toBe(
        'You must accept the Terms of Service and Privacy Policy to proceed.',
      );
    }
  });
});

describe('confirmation code', () => {
  it('is exactly 6 digits', () => {
    expect(confirmationCodeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['', '12345', '1234567', '12345a', '١٢٣٤٥٦', '12 456', '12345😀', 123456]) {
      expect(firstMessage(confirmationCodeSchema.safeParse(bad))).toBe('Please enter a valid code');
    }
  });

  it('keeps only digits, at most 6, of what is typed or pasted', () => {
    expect(sanitiseCodeInput(' 12-34 5678')).toBe('123456');
    expect(sanitiseCodeInput('abc')).toBe('');
  });
});

describe('account form', () => {
  const valid = {
    email: 'merchant@example.com',
    countryCode: '+1',
    phoneNumber: '555-123-4567',
    termsAccepted: true,
  };

  it('parses into the combined phone', () => {
    expect(accountFormSchema({ storeAccountExists: false }).parse(valid)).toEqual({
      ...valid,
      phone: '+15551234567',
    });
  });

  it('requires the e-mail unless the store account exists', () => {
    const noEmail = { ...valid, email: '' };
    expect(firstMessage(accountFormSchema({ storeAccountExists: false }).safeParse(noEmail))).toBe(
      'Invalid email address',
    );
    expect(accountFormSchema({ storeAccountExists: true }).safeParse(noEmail).success).toBe(true);
  });

  it('names the phone field when the combined number is not E.164', () => {
    const result = accountFormSchema({ storeAccountExists: false }).safeParse({
      ...valid,
      countryCode: '+0',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['phoneNumber'],
      message: 'Please enter a valid phone number',
    });
  });

  it('reports the terms', () => {
    const result = accountFormSchema({ storeAccountExists: false }).safeParse({
      ...valid,
      termsAccepted: false,
    });
    expect(firstMessage(result)).toBe(
      'You must accept the Terms of Service and Privacy Policy to proceed.',
    );
  });
});
