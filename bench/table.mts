/** The benchmark's one table (figure | value | budget | met?) and bench/results.json. */
import { writeFileSync } from "node:fs";
import os from "node:os";

export type Section =
  | "http"
  | "audience"
  | "memory"
  | "js"
  | "lighthouse"
  | "navigation"
  | "catalogue"
  | "orders"
  | "login"
  | "hostile"
  | "scale"
  | "launch";

export interface Figure {
  section: Section;
  figure: string;
  /** As printed, units included. */
  value: string;
  /** "—" when the figure has no budget of its own. */
  budget: string;
  /** null: no budget, or the figure could not be measured. */
  met: boolean | null;
  /** The measured numbers behind `value`, for results.json. */
  data?: Record<string, unknown>;
  /** Why a budget was missed, or what the figure leaves out: printed under the table. */
  note?: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, Node ${machine.node}, ${machine.platform}`;
}

const metText = (met: boolean | null) => (met === null ? "—" : met ? "yes" : "**no**");

const escapePipes = (text: string) => text.replaceAll("|", "\\|");

/** A Markdown table: readable in a terminal and pasted as-is into docs/performance.md. */
export function renderTable(figures: readonly Figure[]): string {
  const rows = [
    ["figure", "value", "budget", "met?"],
    ...figures.map((figure) =>
      [figure.figure, figure.value, figure.budget, metText(figure.met)].map(escapePipes),
    ),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const [header, ...body] = rows as [string[], ...string[][]];
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

export function renderNotes(figures: readonly Figure[]): string {
  return figures
    .filter((figure) => figure.note)
    .map((figure) => `- ${figure.figure}: ${figure.note}`)
    .join("\n");
}

export interface Results {
  date: string;
  machine: Machine;
  options: Record<string, unknown>;
  durationSeconds: number;
  /** Part of the duration spent waiting for other sessions' end-to-end runs to finish. */
  waitedSeconds: number;
  figures: Figure[];
  /** Sections that failed outright, with the error. */
  failures: { section: Section; error: string }[];
}

export function writeResults(file: string, results: Results): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** 1 KB = 1024 bytes, one decimal. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const perSecond = (value: number, unit: string) =>
  `${Math.round(value).toLocaleString("en-US")} ${unit}`;
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
