/**
 * Versioned schema of a Durable Object's SQLite storage: step N brings the schema from version N
 * to N + 1, and the version reached is kept in the one-row table `schema_version`. An object
 * created before its class had migrations has tables but no version (0), so the first step must
 * accept them (`CREATE TABLE IF NOT EXISTS`). The steps still due run in order, in one transaction.
 */
export type Migration = (sql: SqlStorage) => void;

export function schemaVersion(sql: SqlStorage): number {
  sql.exec("CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)");
  return sql.exec<{ version: number }>("SELECT version FROM schema_version WHERE id = 1").toArray()[0]?.version ?? 0;
}

export function migrate(storage: DurableObjectStorage, steps: readonly Migration[]): number {
  const sql = storage.sql;
  return storage.transactionSync(() => {
    const current = schemaVersion(sql);
    if (current > steps.length) throw new Error(`storage is at schema version ${current}, newer than this code knows (${steps.length})`);
    for (let version = current; version < steps.length; version++) steps[version]!(sql);
    if (current < steps.length) {
      sql.exec("INSERT INTO schema_version (id, version) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET version = excluded.version", steps.length);
    }
    return steps.length;
  });
}

/** Whether a table already has a column (a step that adds one may meet a table that has it). */
export function hasColumn(sql: SqlStorage, table: string, column: string): boolean {
  return sql.exec<{ name: string }>("SELECT name FROM pragma_table_info(?)", table).toArray().some((row) => row.name === column);
}
