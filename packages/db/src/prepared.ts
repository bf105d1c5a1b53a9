/**
 * Named prepared statements for the shop's hottest statements (an order placed, an order paid).
 * PostgreSQL parses and plans a statement of several CTEs for longer than it runs it; prepared
 * once per connection, each later run skips both. Kysely sends plain text, so a statement asks
 * for it by starting with PREPARED_MARK (`prepared(sql…)`), and each pooled connection runs such
 * a text under a name of its own (see preparedStatementsOn).
 *
 * A marked statement must run on its own (autocommit): when a migration changes the columns
 * behind a prepared `RETURNING *`, PostgreSQL refuses the old plan once ("cached plan must not
 * change result type"); the statement is then prepared again under a new name and run again,
 * which only a statement outside any transaction can be.
 */
import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type pg from "pg";

export const PREPARED_MARK = "/* prepared */ ";

/** Prepared statements one connection keeps at most: marked texts beyond it run unprepared. */
export const MAX_PREPARED_PER_CONNECTION = 50;

/** The statement, marked to run as a named prepared statement on every connection. */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PREPARED_MARK)}${query}`;
}

type QueryMethod = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** feature_not_supported: "cached plan must not change result type", after a migration. */
const PLAN_CHANGED = "0A000";
const IN_FAILED_TRANSACTION = "25P02";

/**
 * Makes one pooled connection run marked texts as named prepared statements: the name is the
 * text's hash (the same text always the same statement), plus a generation bumped when
 * PostgreSQL refuses a plan made stale by a migration. Bounded per connection, so texts that
 * vary (a list of any length) cannot fill the server's memory.
 */
export function preparedStatementsOn(client: pg.ClientBase): void {
  const query = client.query.bind(client) as QueryMethod;
  const names = new Map<string, string>();
  // Every name given counts, a stale one too: the server keeps it until the connection closes.
  let given = 0;
  const nameFor = (text: string, generation: number): string | undefined => {
    if (given >= MAX_PREPARED_PER_CONNECTION) {
      names.delete(text);
      return undefined;
    }
    given++;
    const name = `souls_${createHash("sha1").update(text).digest("hex").slice(0, 20)}_${generation}`;
    names.set(text, name);
    return name;
  };
  const run = (text: string, values: unknown[], name: string | undefined) =>
    query(name ? { name, text, values } : { text, values }) as Promise<pg.QueryResult>;

  (client as unknown as { query: QueryMethod }).query = (config, values, callback) => {
    const marked = typeof config === "string" && config.startsWith(PREPARED_MARK) && callback === undefined;
    if (!marked) return query(config, values, callback);
    const text = config;
    const parameters = Array.isArray(values) ? values : [];
    const name = names.get(text) ?? nameFor(text, 0);
    return run(text, parameters, name).catch((error: unknown) => {
      if (!name || (error as { code?: string }).code !== PLAN_CHANGED) throw error;
      const generation = Number(name.slice(name.lastIndexOf("_") + 1)) + 1;
      return run(text, parameters, nameFor(text, generation)).catch((retryError: unknown) => {
        // Inside a transaction the refusal aborted it: the first error is the one to tell.
        throw (retryError as { code?: string }).code === IN_FAILED_TRANSACTION ? error : retryError;
      });
    });
  };
}
