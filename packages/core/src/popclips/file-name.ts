/**
 * Uploaded file names keep only alphanumerics (spec 02 §2, spec 03 §5). The extension is kept
 * apart (lower-cased) so that the stored name still says what it holds.
 */
const MAX_BASE_LENGTH = 100;
// An extension is 1-10 alphanumerics after a last dot that does not start the name.
const EXTENSION = /(?<=.)\.([A-Za-z0-9]{1,10})$/s;

export function sanitizeFileName(name: string, fallback = 'file'): string {
  const extension = fileExtension(name);
  const base = extension ? name.slice(0, -(extension.length + 1)) : name;
  const safeBase = base.replace(/[^A-Za-z0-9]/g, '').slice(0, MAX_BASE_LENGTH) || fallback;
  return extension ? `${safeBase}.${extension}` : safeBase;
}

/** The lower-cased extension of a file name, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  return EXTENSION.exec(name)?.[1]?.toLowerCase() ?? '';
}
