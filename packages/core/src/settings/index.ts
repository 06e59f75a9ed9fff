export type { PopclipsSettings, PopclipsSettingsBody } from './contract';
export {
  DEFAULT_POPCLIPS_SETTINGS,
  popclipsSettingsBodySchema,
  popclipsSettingsSchema,
  settingsContract,
} from './contract';
