/**
 * The shop's look, for mail clients: the site's palette (apps/web/app/styles/app.css) with system
 * fonts only, since most clients neither load web fonts nor show SVG.
 */
import type { CSSProperties } from "react";

export const colors = {
  ivory: "#f6f0e6",
  linen: "#fbf8f3",
  sand: "#ede3d3",
  ink: "#2b211b",
  inkSoft: "#5a4a3f",
  terracotta: "#9c4220",
  line: "#d9cbb6",
} as const;

export const fonts = {
  display: "Georgia, Times New Roman, Times, serif",
  body: "Helvetica Neue, Helvetica, Arial, sans-serif",
} as const;

export const styles = {
  body: {
    margin: 0,
    padding: "24px 0",
    backgroundColor: colors.ivory,
    color: colors.ink,
    fontFamily: fonts.body,
  },
  container: { maxWidth: "600px", width: "100%", margin: "0 auto" },
  header: { padding: "8px 24px 20px", textAlign: "center" },
  wordmark: {
    margin: 0,
    color: colors.ink,
    fontFamily: fonts.display,
    fontSize: "30px",
    letterSpacing: "0.35em",
    lineHeight: "36px",
    // Letter-spacing also pads the last letter: this keeps the word optically centred.
    paddingLeft: "0.35em",
  },
  tagline: {
    margin: "4px 0 0",
    color: colors.inkSoft,
    fontFamily: fonts.display,
    fontSize: "14px",
    fontStyle: "italic",
    lineHeight: "20px",
  },
  panel: {
    backgroundColor: colors.linen,
    border: `1px solid ${colors.line}`,
    borderRadius: "2px",
    padding: "28px 24px",
  },
  h1: {
    margin: "0 0 16px",
    color: colors.ink,
    fontFamily: fonts.display,
    fontSize: "26px",
    fontWeight: "normal",
    lineHeight: "32px",
  },
  h2: {
    margin: "28px 0 8px",
    color: colors.ink,
    fontFamily: fonts.display,
    fontSize: "20px",
    fontWeight: "normal",
    lineHeight: "26px",
  },
  paragraph: { margin: "0 0 14px", color: colors.ink, fontSize: "15px", lineHeight: "24px" },
  small: { margin: "0 0 10px", color: colors.inkSoft, fontSize: "13px", lineHeight: "20px" },
  link: { color: colors.terracotta, textDecoration: "underline" },
  button: {
    display: "inline-block",
    backgroundColor: colors.terracotta,
    color: colors.linen,
    fontSize: "15px",
    fontWeight: "bold",
    letterSpacing: "0.04em",
    lineHeight: "20px",
    padding: "13px 24px",
    borderRadius: "2px",
    textDecoration: "none",
  },
  buttonRow: { margin: "4px 0 18px" },
  hr: { borderColor: colors.line, borderTopWidth: "1px", margin: "24px 0" },
  table: { width: "100%", borderCollapse: "collapse", margin: "4px 0 16px" },
  th: {
    padding: "6px 4px",
    borderBottom: `1px solid ${colors.line}`,
    color: colors.inkSoft,
    fontSize: "12px",
    fontWeight: "normal",
    letterSpacing: "0.06em",
    textTransform: "uppercase",
  },
  td: { padding: "8px 4px", fontSize: "14px", lineHeight: "20px", verticalAlign: "top" },
  factLabel: { width: "38%", paddingRight: "12px", color: colors.inkSoft, fontSize: "13px" },
  footer: { padding: "20px 24px 8px", textAlign: "center" },
  footerText: { margin: "0 0 6px", color: colors.inkSoft, fontSize: "12px", lineHeight: "18px" },
  form: {
    margin: "8px 0 16px",
    padding: "16px 18px",
    border: `1px dashed ${colors.inkSoft}`,
    backgroundColor: "#ffffff",
  },
} satisfies Record<string, CSSProperties>;
