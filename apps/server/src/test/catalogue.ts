import { readFileSync } from 'node:fs';
import { type Catalogue, parseCatalogue } from '@popstage/core/billing';

/**
 * The committed catalogue (catalogue.v1.json), validated as the server reads it, without loading
 * deps.ts and every adapter it imports: for the focused tests mutation testing reruns.
 */
export function committedCatalogue(): Catalogue {
  return parseCatalogue(
    JSON.parse(readFileSync(new URL('../catalogue.v1.json', import.meta.url), 'utf8')),
  );
}
