import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The people who log in to the panel (decision 043): the owner (one at most, her password stored
  // here once the environment's has started the shop) and the helpers she gives an access, each with
  // a role. A removed person keeps her row (the history names her), never her sessions.
  await sql`
    CREATE TABLE admin_people (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      role text NOT NULL CHECK (role IN ('owner', 'packing')),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
      login text NOT NULL CHECK (char_length(login) BETWEEN 1 AND 80),
      password_hash text NOT NULL,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX admin_people_one_owner ON admin_people (role) WHERE role = 'owner'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX admin_people_login ON admin_people (lower(login)) WHERE removed_at IS NULL`.execute(
    db,
  );

  // The history of the panel's access: who changed a password, gave or removed an access, ended
  // sessions — names kept as they were, bounded by the retention below (the owner reads it).
  await sql`
    CREATE TABLE admin_access_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN (
        'owner_created', 'name_changed', 'password_changed', 'helper_added', 'helper_removed',
        'session_ended', 'other_sessions_ended')),
      person_name text NOT NULL,
      actor_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX admin_access_events_created_idx ON admin_access_events (created_at)`.execute(db);

  // Each session belongs to a person and says where it was opened: the device (its user agent,
  // cut short), the network (the address masked to its /24 or /48) and when it was last used.
  // Sessions opened before people existed have no owner: they end here (one new login).
  await sql`DELETE FROM admin_sessions`.execute(db);
  await sql`
    ALTER TABLE admin_sessions
      ADD COLUMN person_id bigint NOT NULL REFERENCES admin_people (id) ON DELETE CASCADE,
      ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (char_length(user_agent) <= 300),
      ADD COLUMN network text NOT NULL DEFAULT '' CHECK (char_length(network) <= 60),
      ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`CREATE INDEX admin_sessions_person_idx ON admin_sessions (person_id, last_seen_at)`.execute(db);

  // Who in the panel did it: the name of the person whose request wrote the row (the admin API
  // adds it to every such row its procedures insert); null for the shop's and the worker's rows.
  for (const table of ["order_events", "order_changes", "product_events"]) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN actor_name text CHECK (char_length(actor_name) <= 60)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["order_events", "order_changes", "product_events"]) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN actor_name`.execute(db);
  }
  await sql`DELETE FROM admin_sessions`.execute(db);
  await sql`
    ALTER TABLE admin_sessions
      DROP COLUMN person_id,
      DROP COLUMN user_agent,
      DROP COLUMN network,
      DROP COLUMN last_seen_at`.execute(db);
  await sql`DROP TABLE admin_access_events`.execute(db);
  await sql`DROP TABLE admin_people`.execute(db);
}
