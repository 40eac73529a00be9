import { cspHash } from '../http/security.ts';

/**
 * What every printed sheet shares (the kitchen's and the floor's, Christmas Day's and an occasion's): A4 pages
 * on a grey screen, large type, the sheet's head, the covers, the dish counts. Each sheet adds its own rules.
 */
export const PRINT_SHEET_STYLES = `
@page { size: A4 portrait; margin: 12mm; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #d9d3c4; color: #111; font: 13pt/1.35 Arial, "Helvetica Neue", Helvetica, sans-serif; }
.screen-note { max-width: 210mm; margin: 12px auto; padding: 10px 14px; border-radius: 8px; background: #1d3a2c; color: #fbf7ee; font-size: 11pt; }
.sheet { width: 210mm; max-width: 100%; min-height: 297mm; margin: 0 auto 16px; padding: 12mm; background: #fff; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.25); }
.sheet-head { border-bottom: 3px solid #111; padding-bottom: 2mm; margin-bottom: 3mm; }
.kicker { margin: 0; font-size: 10pt; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
h1 { margin: 1mm 0 0; font-size: 25pt; line-height: 1.1; }
.printed { margin: 1mm 0 0; font-size: 9.5pt; color: #444; }
.covers { display: flex; flex-wrap: wrap; gap: 3mm; margin: 0 0 4mm; padding: 0; list-style: none; }
.covers li { border: 1.5px solid #111; border-radius: 2mm; padding: 1mm 3.5mm; font-size: 11pt; }
.covers b { margin-right: 1.5mm; font-size: 20pt; }
h2 { display: flex; justify-content: space-between; gap: 4mm; margin: 0 0 1mm; border-bottom: 2px solid #111; font-size: 14pt; letter-spacing: 0.06em; text-transform: uppercase; }
.course { margin-bottom: 3.5mm; break-inside: avoid; }
.dishes { width: 100%; border-collapse: collapse; }
.dishes td { padding: 0.6mm 2mm; border-bottom: 1px solid #bbb; font-size: 14pt; line-height: 1.2; vertical-align: baseline; }
.dishes .count { width: 18mm; padding-right: 4mm; font-size: 17pt; line-height: 1.1; font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
.dishes .none td { color: #8a8a8a; }
.flag { display: inline-block; margin-right: 2mm; padding: 0.4mm 2mm; background: #000; color: #fff; font-size: 9.5pt; letter-spacing: 0.1em; text-transform: uppercase; vertical-align: 2pt; }
.allergy-list { margin: 0; padding: 0; list-style: none; }
.allergy-list .who { font-weight: 400; }
.quiet { color: #555; }
.party { margin: 0; font-size: 15pt; font-weight: 700; }
.ref { margin: 0 0 1.5mm; font-size: 10.5pt; color: #333; }
.notes { margin: 2mm 0 0; font-size: 12pt; }
.empty { font-size: 14pt; }
@media print {
  body { background: none; }
  .screen-note { display: none; }
  .sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
  .sheet + .sheet { break-before: page; }
}
`;

/** A printed page's own Content Security Policy: its one style element, allowed by its hash; no script, nothing loaded. */
export function printPageCsp(styles: string) {
  return {
    defaultSrc: ["'none'"],
    styleSrc: [`'${cspHash(styles)}'`],
    imgSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  };
}
