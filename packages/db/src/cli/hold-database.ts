/**
 * Holds the embedded PostgreSQL server for `with-database`, in a process group of its own: a
 * terminal's Ctrl-C reaches the launcher's group, not the database, which the launcher stops
 * last, once the web server and the worker have stopped (an e-mail being sent is then recorded,
 * not cut off). Stops the server on SIGTERM, or when its launcher is gone (stdin closes).
 *
 *   (internal) with-database --hold-database <data folder> [--temporary]
 * Prints the `souls` database's URL on stdout once it exists.
 */
import { EmbeddedDatabaseError, startEmbeddedPostgres } from "../embedded";

const [dataDir, flag] = process.argv.slice(3);
if (!dataDir) {
  console.error("usage: with-database --hold-database <data folder> [--temporary]");
  process.exit(2);
}
try {
  const server = await startEmbeddedPostgres({ dataDir, temporary: flag === "--temporary" });
  // The package's own exit hooks are replaced: stop once, cleanly, then leave.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`[database] could not stop PostgreSQL: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.stdin.on("close", stop);
  process.stdin.resume();
  await server.createDatabase("souls");
  process.stdout.write(`${server.urlFor("souls")}\n`);
} catch (error) {
  console.error(
    error instanceof EmbeddedDatabaseError ? `\n[database] ${error.message}\n` : `[database] ${error}`,
  );
  process.exit(1);
}
