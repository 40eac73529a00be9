/** One line of the app's JSON log (pino levels: 30 info, 40 warn, 50 error). */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** A log destination for `buildApp({ logStream })` that keeps every line for the test to read. */
export function captureLogs(): { stream: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { stream: { write: (line) => lines.push(JSON.parse(line) as LogLine) }, lines };
}
