import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // An order's buyer was invited to review what she bought: once per order (the key), a set
  // number of days after shipping. The link is signed, not stored: this row is what it needs.
  await sql`
    CREATE TABLE review_invitations (
      order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      invited_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The invitation job looks for orders shipped a few days ago.
  await sql`CREATE INDEX orders_shipped_idx ON orders (shipped_at) WHERE shipped_at IS NOT NULL`.execute(db);

  // "No more review invitations", one click from an invitation: kept as a preference of the address.
  await sql`
    CREATE TABLE review_opt_outs (
      email text PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // One review per model bought per order, in the buyer's words (never edited by the shop). The
  // bounds are the form's (@souls/core/reviews); these checks keep what no rule would let through:
  // a refusal always has its published reason, a publication its date, a reply its date.
  await sql`
    CREATE TABLE reviews (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      title text NOT NULL CHECK (length(title) BETWEEN 2 AND 100),
      body text NOT NULL CHECK (length(body) BETWEEN 10 AND 2000),
      author_name text NOT NULL CHECK (length(author_name) BETWEEN 2 AND 40),
      experienced_on date NOT NULL,
      consented_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
      rejection_reason text CHECK (rejection_reason IN
        ('off_topic', 'abusive', 'personal_data', 'advertising', 'unintelligible')),
      reply text CHECK (length(reply) BETWEEN 1 AND 1000),
      replied_at timestamptz,
      saves smallint NOT NULL DEFAULT 1 CHECK (saves BETWEEN 1 AND 10),
      submitted_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      moderated_at timestamptz,
      UNIQUE (order_id, product_id),
      CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL)),
      CHECK ((status = 'published') = (published_at IS NOT NULL)),
      CHECK ((reply IS NULL) = (replied_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX reviews_published_idx ON reviews (product_id, published_at DESC) WHERE status = 'published'`.execute(
    db,
  );
  await sql`CREATE INDEX reviews_pending_idx ON reviews (submitted_at) WHERE status = 'pending'`.execute(db);

  // A model's page shows its published reviews: a review published, changed while published,
  // withdrawn or deleted empties every server's kept pages (decision 013), like a product's change.
  // A review waiting for the owner changes no page, so an anonymous write never empties the cache.
  await sql`
    CREATE TRIGGER reviews_published_insert_notify AFTER INSERT ON reviews
    FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
  await sql`
    CREATE TRIGGER reviews_published_update_notify AFTER UPDATE ON reviews
    FOR EACH ROW WHEN (OLD.status = 'published' OR NEW.status = 'published')
    EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
  await sql`
    CREATE TRIGGER reviews_published_delete_notify AFTER DELETE ON reviews
    FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reviews, review_opt_outs, review_invitations`.execute(db);
  await sql`DROP INDEX orders_shipped_idx`.execute(db);
}
