/**
 * Writes the preview server's directory, `.preview/` (generated, never kept): one file per type
 * and language, `order-confirmation.en.tsx`, each the template with its sample in that language
 * (./sample-preview.ts). Templates and samples stay the only source: no copy to keep in step.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LOCALES } from "@souls/core/locales";
import { EMAIL_TYPES } from "../messages";

const directory = fileURLToPath(new URL("../../.preview/", import.meta.url));
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });
for (const type of EMAIL_TYPES) {
  for (const locale of LOCALES) {
    writeFileSync(
      `${directory}${type.replaceAll("_", "-")}.${locale}.tsx`,
      `import { samplePreview } from "../src/preview/sample-preview";\n\nexport default samplePreview("${type}", "${locale}");\n`,
    );
  }
}
console.log(`${EMAIL_TYPES.length * LOCALES.length} previews in ${directory}`);
