import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's announcement of a series to her lists (decision 041): a draft in French and
  // English, sent now or at a time she sets, at a rate she sets, paused and resumed.
  await sql`
    CREATE TABLE announcements (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      series_id integer REFERENCES series(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
      content jsonb NOT NULL,
      lists text[] NOT NULL DEFAULT '{early}',
      rate_count integer NOT NULL DEFAULT 60 CHECK (rate_count BETWEEN 1 AND 100000),
      rate_per text NOT NULL DEFAULT 'minute' CHECK (rate_per IN ('minute', 'hour')),
      scheduled_at timestamptz,
      queued_at timestamptz,
      next_send_at timestamptz,
      finished_at timestamptz,
      test_sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX announcements_due_idx ON announcements (status, scheduled_at)
    WHERE status IN ('scheduled', 'sending')`.execute(db);
  // One row per address and announcement (the unique key): the claim of a row is committed before
  // its message is handed to the mail server, so it is sent at most once; a claim its worker never
  // settled is reported 'unknown', never sent again.
  await sql`
    CREATE TABLE announcement_recipients (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      announcement_id integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
      email text NOT NULL,
      signup_id integer NOT NULL,
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'unknown', 'unsubscribed')),
      claimed_at timestamptz,
      settled_at timestamptz,
      error text,
      CONSTRAINT announcement_recipients_once UNIQUE (announcement_id, email)
    )`.execute(db);
  await sql`CREATE INDEX announcement_recipients_queued_idx ON announcement_recipients (announcement_id, id)
    WHERE status IN ('queued', 'sending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announcement_recipients`.execute(db);
  await sql`DROP TABLE announcements`.execute(db);
}
