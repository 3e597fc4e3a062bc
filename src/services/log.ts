/** Structured logs: one JSON line per event, read by `wrangler tail` and Workers observability. */
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", event: string, fields: Fields): void {
  const line = JSON.stringify({ level, event, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const log = {
  info: (event: string, fields: Fields = {}) => write("info", event, fields),
  warn: (event: string, fields: Fields = {}) => write("warn", event, fields),
  error: (event: string, fields: Fields = {}) => write("error", event, fields),
};
