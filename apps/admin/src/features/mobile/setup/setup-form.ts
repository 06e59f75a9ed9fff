import {
  APP_SETUP_STEPS,
  type AppRequestBody,
  type AppSetup,
  isHexColour,
  MOBILE_MESSAGES as M,
  NAME_MAX,
  normaliseSupportUrl,
  supportUrlError,
} from '@popstage/core/mobile';

/** The Setup tab's form (spec 03 §2 Setup, §5): six cards, validated card by card. */
export interface SetupForm {
  supportUrl: string;
  appleCompanyName: string;
  appleDevTeamId: string;
  desiredAppName: string;
  altAppNameOne: string;
  altAppNameTwo: string;
  iconUrl: string | null;
  launchUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  collection: { value: string; label: string } | null;
}

export const EMPTY_SETUP_FORM: SetupForm = {
  supportUrl: '',
  appleCompanyName: '',
  appleDevTeamId: '',
  desiredAppName: '',
  altAppNameOne: '',
  altAppNameTwo: '',
  iconUrl: null,
  launchUrl: null,
  primaryColor: '#000000',
  secondaryColor: '#ffffff',
  collection: null,
};

export const SETUP_CARDS = [
  'checklist',
  'support',
  'appName',
  'images',
  'collection',
  'submit',
] as const;
export type SetupCard = (typeof SETUP_CARDS)[number];

export const NAME_FIELDS = [
  ['appleCompanyName', 'Company name'],
  ['appleDevTeamId', 'Apple developer team ID'],
  ['desiredAppName', 'Desired app name'],
  ['altAppNameOne', 'Alternative app name 1'],
  ['altAppNameTwo', 'Alternative app name 2'],
] as const;

export type SetupErrors = Partial<Record<keyof SetupForm | 'checklist', string>>;

const nameError = (value: string) => {
  if (value.trim() === '') return M.required;
  return value.trim().length > NAME_MAX ? `Maximum ${NAME_MAX} characters` : undefined;
};

export const isChecklistDone = (setup: AppSetup | undefined) =>
  setup !== undefined && APP_SETUP_STEPS.every((step) => setup[step] > 0);

/** The errors of one card ({} when it may move on). */
export function cardErrors(card: SetupCard, form: SetupForm, setup: AppSetup | undefined) {
  const errors: SetupErrors = {};
  switch (card) {
    case 'checklist':
      if (!isChecklistDone(setup)) errors.checklist = M.completeSteps;
      break;
    case 'support': {
      const error = supportUrlError(normaliseSupportUrl(form.supportUrl));
      if (error) errors.supportUrl = error;
      break;
    }
    case 'appName':
      for (const [field] of NAME_FIELDS) {
        const error = nameError(form[field]);
        if (error) errors[field] = error;
      }
      break;
    case 'images':
      if (!form.iconUrl) errors.iconUrl = M.addImages;
      if (!form.launchUrl) errors.launchUrl = M.addImages;
      if (!isHexColour(form.primaryColor)) errors.primaryColor = M.invalidHex;
      if (!isHexColour(form.secondaryColor)) errors.secondaryColor = M.invalidHex;
      break;
    case 'collection':
      if (!form.collection) errors.collection = M.selectCollection;
      break;
    case 'submit':
      break;
  }
  return errors;
}

/** Submit's checks in the spec's order: the message and the card it opens, or null. */
export function submitProblem(
  form: SetupForm,
  setup: AppSetup | undefined,
): { message: string; card: SetupCard } | null {
  if (!form.collection) return { message: M.selectCollection, card: 'collection' };
  if (!isHexColour(form.primaryColor) || !isHexColour(form.secondaryColor)) {
    return { message: M.invalidHex, card: 'images' };
  }
  if (!isChecklistDone(setup)) return { message: M.completeSteps, card: 'checklist' };
  if (Object.keys(cardErrors('appName', form, setup)).length > 0) {
    return { message: M.fillRequired, card: 'appName' };
  }
  if (!form.iconUrl || !form.launchUrl) return { message: M.fillRequired, card: 'images' };
  if (Object.keys(cardErrors('support', form, setup)).length > 0) {
    return { message: M.fillRequired, card: 'support' };
  }
  return null;
}

/** Submit is enabled once everything is present (whether valid is Submit's to say). */
export function isSubmitReady(form: SetupForm, setup: AppSetup | undefined): boolean {
  return (
    form.collection !== null &&
    form.primaryColor !== '' &&
    form.secondaryColor !== '' &&
    isChecklistDone(setup) &&
    NAME_FIELDS.every(([field]) => form[field].trim() !== '') &&
    form.iconUrl !== null &&
    form.launchUrl !== null &&
    form.supportUrl.trim() !== ''
  );
}

export function requestBody(form: SetupForm): AppRequestBody {
  return {
    request_type: 'VFSNewApp',
    appleCompanyName: form.appleCompanyName.trim(),
    appleDevTeamId: form.appleDevTeamId.trim(),
    desiredAppName: form.desiredAppName.trim(),
    altAppNameOne: form.altAppNameOne.trim(),
    altAppNameTwo: form.altAppNameTwo.trim(),
    iconS3Url: form.iconUrl ?? '',
    launchS3Url: form.launchUrl ?? '',
    supportUrl: normaliseSupportUrl(form.supportUrl),
    primaryColor: form.primaryColor,
    secondaryColor: form.secondaryColor,
    collectionId: form.collection?.value ?? '',
  };
}
