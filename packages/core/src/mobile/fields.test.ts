import { describe, expect, it } from 'vitest';
import { appConfigBodySchema, appRequestBodySchema } from './contract';
import {
  clientIdSchema,
  inventoryLimitErrors,
  normaliseSupportUrl,
  supportUrlError,
} from './fields';
import { CUSTOM_FONTS } from './limits';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('mobile field rules (spec 03 §5)', () => {
  it('prepends https:// to a support URL not starting with http, and checks it', () => {
    expect(normaliseSupportUrl(' shop.example.com ')).toBe('https://shop.example.com');
    expect(normaliseSupportUrl('http://a.b')).toBe('http://a.b');
    expect(supportUrlError('')).toBe('This is a required field');
    expect(supportUrlError('https://exa mple')).toBe('Please enter a valid URL');
    expect(supportUrlError(`https://${'a'.repeat(40)}.com`)).toBe('Maximum 50 characters');
    expect(supportUrlError('https://help.example.com')).toBeNull();
  });

  it('accepts inventory display 1..99 only', () => {
    expect(inventoryLimitErrors('10')).toEqual([]);
    expect(inventoryLimitErrors('99')).toEqual([]);
    expect(inventoryLimitErrors('')).toEqual(['Please enter a valid input']);
    expect(inventoryLimitErrors('0')).toEqual(['Please enter a valid input']);
    expect(inventoryLimitErrors('100')).toEqual(['Please enter a valid input']);
    expect(inventoryLimitErrors('-3')).toEqual([
      'Please enter a valid input',
      'Please enter positive in inventory display.',
    ]);
  });

  it('trims the client id and allows 1 to 40 characters', () => {
    expect(clientIdSchema.parse('  abc  ')).toBe('abc');
    const message = 'Please enter a valid Customer Account API Client ID';
    expect(messageOf(clientIdSchema.safeParse('   '))).toBe(message);
    expect(messageOf(clientIdSchema.safeParse('x'.repeat(41)))).toBe(message);
    expect(clientIdSchema.safeParse('x'.repeat(40)).success).toBe(true);
  });

  it('checks colours, banner texts and the featured collection of a config save', () => {
    expect(messageOf(appConfigBodySchema.safeParse({ primaryColor: '#f6f6f' }))).toBe(
      'Invalid hex code, ex. #f6f6f6',
    );
    expect(messageOf(appConfigBodySchema.safeParse({ bannerColor: '' }))).toBe('Required field');
    expect(messageOf(appConfigBodySchema.safeParse({ bannerTitle: 'x'.repeat(51) }))).toBe(
      'Maximum 50 characters',
    );
    expect(messageOf(appConfigBodySchema.safeParse({ collectionId: '12' }))).toBe(
      'Please select a collection',
    );
    expect(appConfigBodySchema.safeParse({ showInventoryLimit: 100 }).success).toBe(false);
    expect(appConfigBodySchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it('accepts only the fonts the Appearance tab offers', () => {
    for (const font of CUSTOM_FONTS) {
      expect(appConfigBodySchema.safeParse({ font }).success).toBe(true);
    }
    for (const font of ['Comic Sans', 'inter', ' Inter', '']) {
      expect(messageOf(appConfigBodySchema.safeParse({ font }))).toBe(
        'Please choose one of the fonts offered: Default, Inter, Roboto, Lato, Montserrat, Poppins',
      );
    }
  });

  it('requires every field of the app request, names up to 255', () => {
    const valid = {
      appleCompanyName: 'Demo LLC',
      appleDevTeamId: 'ABCDE12345',
      desiredAppName: 'Demo',
      altAppNameOne: 'Demo Shop',
      altAppNameTwo: 'Demo Store',
      iconS3Url: 'https://cdn.example.com/icon.png',
      launchS3Url: 'https://cdn.example.com/launch.png',
      supportUrl: 'help.example.com',
      primaryColor: '#112233',
      secondaryColor: '#445566',
      collectionId: 'gid://shopify/Collection/1',
    };
    const parsed = appRequestBodySchema.parse(valid);
    expect(parsed.supportUrl).toBe('https://help.example.com');
    expect(parsed.request_type).toBe('VFSNewApp');
    expect(messageOf(appRequestBodySchema.safeParse({ ...valid, desiredAppName: ' ' }))).toBe(
      'This is a required field',
    );
    expect(
      appRequestBodySchema.safeParse({ ...valid, altAppNameOne: 'x'.repeat(256) }).success,
    ).toBe(false);
  });
});
