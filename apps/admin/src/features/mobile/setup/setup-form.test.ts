import { describe, expect, it } from 'vitest';
import { ALL_DONE, COMPLETE_SETUP_FORM, NOT_DONE } from '../../../test/mobile-fixture';
import {
  cardErrors,
  EMPTY_SETUP_FORM,
  isSubmitReady,
  requestBody,
  type SetupForm,
  submitProblem,
} from './setup-form';

/** Every card filled in correctly; the support URL as typed, before https:// is added. */
const COMPLETE: SetupForm = { ...COMPLETE_SETUP_FORM, supportUrl: 'help.demo-store.example' };

describe('submitProblem (spec 03 §5: each message opens its card)', () => {
  it('finds nothing when every card is complete', () => {
    expect(submitProblem(COMPLETE, ALL_DONE)).toBeNull();
  });

  it.each([
    ['no collection', { collection: null }, ALL_DONE, 'Please select a collection', 'collection'],
    [
      'a primary colour that is not hex',
      { primaryColor: '#12345g' },
      ALL_DONE,
      'Invalid hex code, ex. #f6f6f6',
      'images',
    ],
    [
      'a short secondary colour',
      { secondaryColor: '#fff' },
      ALL_DONE,
      'Invalid hex code, ex. #f6f6f6',
      'images',
    ],
    [
      'a checklist step not done',
      {},
      { ...ALL_DONE, iosDevCompletedAt: 0 },
      'Please complete all required steps',
      'checklist',
    ],
    ['no checklist loaded', {}, undefined, 'Please complete all required steps', 'checklist'],
    [
      'no team ID',
      { appleDevTeamId: '  ' },
      ALL_DONE,
      'Please fill out all required fields',
      'appName',
    ],
    [
      'no second alternative name',
      { altAppNameTwo: '' },
      ALL_DONE,
      'Please fill out all required fields',
      'appName',
    ],
    [
      'a name over 255',
      { desiredAppName: 'x'.repeat(256) },
      ALL_DONE,
      'Please fill out all required fields',
      'appName',
    ],
    ['no app icon', { iconUrl: null }, ALL_DONE, 'Please fill out all required fields', 'images'],
    [
      'no launch screen',
      { launchUrl: null },
      ALL_DONE,
      'Please fill out all required fields',
      'images',
    ],
    [
      'no support URL',
      { supportUrl: '' },
      ALL_DONE,
      'Please fill out all required fields',
      'support',
    ],
    [
      'a support URL that does not parse',
      { supportUrl: 'not a url' },
      ALL_DONE,
      'Please fill out all required fields',
      'support',
    ],
    [
      'a support URL over 50',
      { supportUrl: `https://${'a'.repeat(40)}.example` },
      ALL_DONE,
      'Please fill out all required fields',
      'support',
    ],
  ] as const)('%s: %s opens %s', (_case, patch, setup, message, card) => {
    expect(submitProblem({ ...COMPLETE, ...patch }, setup)).toEqual({ message, card });
  });

  it('answers in the spec’s order: the collection first, the support URL last', () => {
    expect(submitProblem(EMPTY_SETUP_FORM, NOT_DONE)).toEqual({
      message: 'Please select a collection',
      card: 'collection',
    });
    expect(
      submitProblem({ ...EMPTY_SETUP_FORM, collection: COMPLETE.collection }, NOT_DONE)?.card,
    ).toBe('checklist');
    expect(submitProblem({ ...COMPLETE, iconUrl: null, supportUrl: '' }, ALL_DONE)?.card).toBe(
      'images',
    );
  });
});

describe('cardErrors (what the opened card shows)', () => {
  it('checklist: all three steps', () => {
    expect(cardErrors('checklist', COMPLETE, NOT_DONE)).toEqual({
      checklist: 'Please complete all required steps',
    });
    expect(cardErrors('checklist', COMPLETE, ALL_DONE)).toEqual({});
  });

  it('support: required, parsed, at most 50, https:// in front', () => {
    expect(cardErrors('support', { ...COMPLETE, supportUrl: ' ' }, ALL_DONE)).toEqual({
      supportUrl: 'This is a required field',
    });
    expect(cardErrors('support', { ...COMPLETE, supportUrl: 'not a url' }, ALL_DONE)).toEqual({
      supportUrl: 'Please enter a valid URL',
    });
    expect(
      cardErrors('support', { ...COMPLETE, supportUrl: `${'a'.repeat(45)}.com` }, ALL_DONE),
    ).toEqual({ supportUrl: 'Maximum 50 characters' });
    expect(cardErrors('support', COMPLETE, ALL_DONE)).toEqual({});
  });

  it('app name: each of the five fields required, at most 255 after trimming', () => {
    const empty = {
      ...COMPLETE,
      appleCompanyName: '',
      appleDevTeamId: ' ',
      desiredAppName: '',
      altAppNameOne: '',
      altAppNameTwo: '',
    };
    expect(cardErrors('appName', empty, ALL_DONE)).toEqual({
      appleCompanyName: 'This is a required field',
      appleDevTeamId: 'This is a required field',
      desiredAppName: 'This is a required field',
      altAppNameOne: 'This is a required field',
      altAppNameTwo: 'This is a required field',
    });
    expect(
      cardErrors('appName', { ...COMPLETE, altAppNameOne: ` ${'x'.repeat(255)} ` }, ALL_DONE),
    ).toEqual({});
    expect(
      cardErrors('appName', { ...COMPLETE, altAppNameOne: 'x'.repeat(256) }, ALL_DONE),
    ).toEqual({ altAppNameOne: 'Maximum 255 characters' });
  });

  it('images: both images ("Please add images") and both colours as hex', () => {
    expect(
      cardErrors(
        'images',
        { ...COMPLETE, iconUrl: null, launchUrl: null, primaryColor: 'red', secondaryColor: '' },
        ALL_DONE,
      ),
    ).toEqual({
      iconUrl: 'Please add images',
      launchUrl: 'Please add images',
      primaryColor: 'Invalid hex code, ex. #f6f6f6',
      secondaryColor: 'Invalid hex code, ex. #f6f6f6',
    });
    expect(cardErrors('images', COMPLETE, ALL_DONE)).toEqual({});
  });

  it('collection: one chosen', () => {
    expect(cardErrors('collection', { ...COMPLETE, collection: null }, ALL_DONE)).toEqual({
      collection: 'Please select a collection',
    });
  });
});

describe('isSubmitReady and requestBody', () => {
  it('keeps Submit disabled until everything is present', () => {
    expect(isSubmitReady(COMPLETE, ALL_DONE)).toBe(true);
    expect(isSubmitReady(COMPLETE, { ...ALL_DONE, dunsCompletedAt: 0 })).toBe(false);
    expect(isSubmitReady({ ...COMPLETE, launchUrl: null }, ALL_DONE)).toBe(false);
    expect(isSubmitReady({ ...COMPLETE, altAppNameTwo: ' ' }, ALL_DONE)).toBe(false);
  });

  it('sends the trimmed VFSNewApp request with https:// on the support URL', () => {
    expect(requestBody({ ...COMPLETE, desiredAppName: '  Demo Store  ' })).toEqual({
      request_type: 'VFSNewApp',
      appleCompanyName: 'Demo Store LLC',
      appleDevTeamId: 'A1B2C3D4E5',
      desiredAppName: 'Demo Store',
      altAppNameOne: 'Demo Shop',
      altAppNameTwo: 'Demo Store App',
      iconS3Url: COMPLETE.iconUrl,
      launchS3Url: COMPLETE.launchUrl,
      supportUrl: 'https://help.demo-store.example',
      primaryColor: '#112233',
      secondaryColor: '#ffffff',
      collectionId: 'gid://shopify/Collection/1',
    });
  });
});
