/**
 * The shop's log lines. Locally they stay the readable text every module writes with console.*;
 * in a deployment (LOG_FORMAT=json) each becomes one JSON object per line for a log collector:
 * `time`, `level`, `service`, `msg`, then fields (an error as `err: {message, stack}`, the request's
 * `requestId` on the web server). `installLogger` routes console.* through the logger, so no module
 * has to change how it logs.
 *
 * apps/web/server.mjs, plain JavaScript run without a build tool, imports this module as @souls/db's
 * build bundles it (packages/db/dist/log.mjs, which the runtime image holds).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { formatWithOptions } from "node:util";

export const LOG_FORMATS = ["json", "text"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly format: LogFormat;
  readonly service: string;
  /** `text` is the line's readable form in text mode; without it, `[service] msg key=value…`. */
  info(msg: string, fields?: LogFields, text?: string): void;
  warn(msg: string, fields?: LogFields, text?: string): void;
  error(msg: string, fields?: LogFields, text?: string): void;
  /** Runs `fn` with `fields` added to every line written meanwhile, awaited work included. */
  withFields<T>(fields: LogFields, fn: () => T): T;
}

/**
 * JSON in a deployment (production on a real database), text for people: a local `npm start`
 * and the end-to-end run run in production mode on the embedded database, and read text.
 */
export function defaultLogFormat(env: { NODE_ENV?: string; SHOP_EMBEDDED_DB?: string }): LogFormat {
  return env.NODE_ENV === "production" && !env.SHOP_EMBEDDED_DB ? "json" : "text";
}

/** LOG_FORMAT when it is valid, else the default: the format even a refused configuration is told in. */
export function logFormatOf(env: {
  LOG_FORMAT?: string;
  NODE_ENV?: string;
  SHOP_EMBEDDED_DB?: string;
}): LogFormat {
  const chosen = env.LOG_FORMAT as LogFormat;
  return LOG_FORMATS.includes(chosen) ? chosen : defaultLogFormat(env);
}

/** The early-access links' paths (decision 039), whose last segment is a subscriber's signed token. */
const PATH_TOKEN = /\/(acces-anticipe|early-access)\/[^/]+/g;

/**
 * A request's address as the logs write it: its path without the query (it can carry a tracking
 * token) and with an early-access token masked (it lets its holder buy before the opening), at most
 * 200 characters.
 */
export function loggedPath(url: string | undefined): string {
  const [path = ""] = String(url ?? "/").split("?");
  return path.replace(PATH_TOKEN, "/$1/…").slice(0, 200);
}

/** An Error as a log field: its message and stack, nothing it may hold besides. */
export function errorField(error: Error): { message: string; stack?: string } {
  return { message: error.message, stack: error.stack };
}

function jsonValue(value: unknown): unknown {
  return value instanceof Error ? errorField(value) : value;
}

const TAG = /^\[([\w-]+)\]\s*/;

/**
 * A console call as a line: the text of its arguments, a leading `[tag]` as `component` (unless
 * it is the service itself), and the first Error as `err`.
 */
export function consoleLine(service: string, args: unknown[]): { msg: string; fields: LogFields } {
  const fields: LogFields = {};
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error);
  let msg = formatWithOptions({ breakLength: Number.POSITIVE_INFINITY }, ...rest);
  const tag = msg.match(TAG);
  if (tag) {
    msg = msg.slice(tag[0].length);
    if (tag[1] !== service) fields.component = tag[1];
  }
  msg = msg.replace(/:$/, "");
  if (error) {
    fields.err = errorField(error);
    if (!msg) msg = error.message;
  }
  return { msg, fields };
}

interface Sinks {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

const processSinks: Sinks = {
  stdout: (line) => process.stdout.write(line),
  stderr: (line) => process.stderr.write(line),
};

export function createLogger(options: { service: string; format: LogFormat; sinks?: Sinks }): Logger {
  const { service, format } = options;
  const sinks = options.sinks ?? processSinks;
  const context = new AsyncLocalStorage<LogFields>();
  const write = (level: LogLevel, msg: string, fields: LogFields = {}, text?: string) => {
    if (format === "text") {
      // Through console, as every other line of a local run.
      const pairs = Object.entries(fields).map(([key, value]) => {
        const shown = jsonValue(value);
        return ` ${key}=${typeof shown === "string" ? shown : JSON.stringify(shown)}`;
      });
      console[level === "info" ? "log" : level](text ?? `[${service}] ${msg}${pairs.join("")}`);
      return;
    }
    const sink = level === "info" ? sinks.stdout : sinks.stderr;
    const line: LogFields = { time: new Date().toISOString(), level, service, msg };
    for (const [key, value] of Object.entries({ ...context.getStore(), ...fields })) {
      if (!(key in line)) line[key] = jsonValue(value);
    }
    let json: string;
    try {
      json = JSON.stringify(line);
    } catch {
      // A field that cannot be serialised (a cycle) must not lose the line.
      json = JSON.stringify({ time: line.time, level, service, msg });
    }
    sink(`${json}\n`);
  };
  return {
    format,
    service,
    info: (msg, fields, text) => write("info", msg, fields, text),
    warn: (msg, fields, text) => write("warn", msg, fields, text),
    error: (msg, fields, text) => write("error", msg, fields, text),
    withFields: (fields, fn) => context.run({ ...context.getStore(), ...fields }, fn),
  };
}

const PROCESS_LOGGER = Symbol.for("souls.logger");
type WithLogger = { [PROCESS_LOGGER]?: Logger };

/**
 * Makes `logger` this process's: in JSON mode console.log/info/debug/warn/error write through it,
 * and so do Node's own warnings and a crash's last words. In text mode console is left alone.
 */
export function installLogger(logger: Logger): Logger {
  (globalThis as WithLogger)[PROCESS_LOGGER] = logger;
  if (logger.format !== "json") return logger;
  const levels: [keyof Console, LogLevel][] = [
    ["log", "info"],
    ["info", "info"],
    ["debug", "info"],
    ["warn", "warn"],
    ["error", "error"],
  ];
  for (const [method, level] of levels) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args) => {
      const { msg, fields } = consoleLine(logger.service, args);
      logger[level](msg, fields);
    };
  }
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn(warning.message, { warning: warning.name }));
  process.on("uncaughtException", (error) => {
    logger.error("uncaught exception", { err: error });
    process.exit(1);
  });
  return logger;
}

let textLogger: Logger | undefined;

/** The process's logger (see installLogger), or a text one for code that runs without (tests, Vite). */
export function processLogger(): Logger {
  textLogger ??= createLogger({ service: "app", format: "text" });
  return (globalThis as WithLogger)[PROCESS_LOGGER] ?? textLogger;
}
