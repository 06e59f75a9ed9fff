/** Our legal pages; the spec names them but gives no addresses (docs/decisions.md). */
export const TERMS_URL = 'https://popstage.app/terms';
export const PRIVACY_URL = 'https://popstage.app/privacy';
