/** Writes the sample papers' PDFs to a folder, to look at them: `npm run samples -w @souls/papers -- /tmp/papers`. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { paperFilename, renderPaper } from "../render";
import { sampleCreditNote, sampleExportInvoice, sampleInvoice, samplePackingSlip } from "./samples";

const folder = path.resolve(process.argv[2] ?? "papers-samples");
mkdirSync(folder, { recursive: true });
for (const paper of [sampleInvoice, sampleExportInvoice, sampleCreditNote, samplePackingSlip]) {
  const file = path.join(folder, paperFilename(paper));
  writeFileSync(file, await renderPaper(paper));
  console.log(file);
}
