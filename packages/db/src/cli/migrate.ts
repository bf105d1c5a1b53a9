/** Applies pending migrations and the launch products to DATABASE_URL (deployments). */
import { connect } from "../connection";
import { migrateToLatest } from "../migrate";
import { seedProducts } from "../seed";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is required");
  process.exit(2);
}
const db = connect(url, { maxConnections: 1 });
try {
  const { results } = await migrateToLatest(db);
  for (const r of results ?? []) console.log(`[migrate] ${r.migrationName}: ${r.status}`);
  await seedProducts(db);
  console.log("[migrate] schema current, launch products present");
} finally {
  await db.destroy();
}
