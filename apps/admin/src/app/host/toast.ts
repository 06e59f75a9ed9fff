/** Every toast of the admin stays for 5 seconds (spec 01 §8, §9). */
export const TOAST_DURATION_MS = 5000;
