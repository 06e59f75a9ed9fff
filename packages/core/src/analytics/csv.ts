/** RFC 4180 CSV of a table: a header row, then one row per item; every line ends in CRLF. */
export function toCsv<T>(
  columns: readonly { header: string; value: (row: T) => string | number | null | undefined }[],
  rows: readonly T[],
): string {
  const cell = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    // A leading =, +, - or @ would make a spreadsheet run the cell as a formula.
    const safe = /^[=+\-@\t\r]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
