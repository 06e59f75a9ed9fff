/** The mobile builder's constants (spec 03 §9). */
export const APP_ICON_SIZE = { width: 1536, height: 1536 } as const;
export const LAUNCH_SCREEN_SIZE = { width: 1000, height: 1600 } as const;
export const MOBILE_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
/** Largest uploaded image: ours to choose (a 1536² PNG is a few MB at most). */
export const MOBILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SUPPORT_URL_MAX = 50;
export const NAME_MAX = 255;
export const BANNER_TEXT_MAX = 50;
export const MENU_HANDLE_MAX = 50;
export const CLIENT_ID_MAX = 40;
export const INVENTORY_LIMIT_MIN = 1;
export const INVENTORY_LIMIT_MAX = 99;
export const INVENTORY_LIMIT_DEFAULT = 10;
export const COLLECTION_SEARCH_DEBOUNCE_MS = 500;
export const MENU_HANDLE_DEBOUNCE_MS = 1000;
/** Products of the featured collection the preview and the config show (spec 03 §9: 100). */
export const COLLECTION_PRODUCTS_FIRST = 100;
/** The request type the app-build service knows a new branded app by. */
export const APP_REQUEST_TYPE = 'VFSNewApp';
export const CUSTOM_FONTS = [
  'Default',
  'Inter',
  'Roboto',
  'Lato',
  'Montserrat',
  'Poppins',
] as const;
