/**
 * The owner types times as she lives them, in Paris (`2026-12-04T18:00`, a datetime-local field);
 * the database keeps moments. Both ways, summer time included.
 */
import { SHOP_TIME_ZONE } from "@souls/core/format";

/** `YYYY-MM-DDTHH:MM`, as a datetime-local field sends it. */
export const PARIS_LOCAL_PATTERN =
  /^(2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d)$/;

const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: "longOffset",
});

/** Paris's offset from UTC at a moment, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: number): number {
  const name = offsetFormat.formatToParts(new Date(at)).find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The moment a Paris wall-clock time names; null when it is not one (31 February, garbage). */
export function parisLocalToDate(local: string): Date | null {
  const match = PARIS_LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // Twice: the offset of the guess may differ from the offset of the answer around a change.
  const first = wall - parisOffsetMinutes(wall) * 60_000;
  return new Date(wall - parisOffsetMinutes(first) * 60_000);
}

/** A moment as a datetime-local field shows it in Paris. */
export function dateToParisLocal(at: Date): string {
  const shifted = new Date(at.getTime() + parisOffsetMinutes(at.getTime()) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
