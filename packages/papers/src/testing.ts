/**
 * Reads a PDF's text back as a reader's software does (Mozilla's pdf.js, pure JavaScript): the
 * tests check what a paper says, not how it is drawn. Each line of text is one string.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[]; text: string }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    // Items on one baseline make one line, left to right.
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const y = Math.round(item.transform[5]);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4], text: item.str }]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(
        (rows.get(y) ?? [])
          .sort((a, b) => a.x - b.x)
          .map((item) => item.text)
          .join(" ")
          .replace(/[\u00a0\u202f]/g, " "),
      );
    }
  }
  await document.destroy();
  return { pages: document.numPages, lines, text: lines.join("\n") };
}
