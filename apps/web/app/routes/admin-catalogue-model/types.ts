import type { RouterOutputs } from "~/lib/trpc";

/** One model in full, as the editor receives it (catalogue.detail). */
export type ModelDetail = RouterOutputs["catalogue"]["detail"];
