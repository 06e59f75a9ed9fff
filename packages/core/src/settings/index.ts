export type { PopclipsSettings, PopclipsSettingsBody } from './contract';
export { DEFAULT_POPCLIPS_SETTINGS, settingsContract } from './contract';
