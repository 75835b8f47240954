/**
 * Draws the Open Graph images (1200×630 PNG), one per kind of page, into
 * src/web/public/og/ with the system Chromium: `npx tsx scripts/og-images.ts`.
 * Run again after changing a design; the PNGs are committed. They carry no words
 * but the brand, so one image serves every language.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { OG_IMAGE_KINDS, type OgImageKind } from "../src/server/modules/site/page-head";

const OUT = path.resolve(import.meta.dirname, "../src/web/public/og");
const stroke = 'fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';

/** A line drawing for each kind of page, on a 240-unit square. */
const ICONS: Record<OgImageKind, string> = {
  // A globe.
  home: `<circle cx="120" cy="120" r="96" ${stroke}/><path d="M24 120h192M120 24c-40 48-40 144 0 192M120 24c40 48 40 144 0 192" ${stroke}/>`,
  // A world of dots.
  countries: [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3].map((col) => `<circle cx="${45 + col * 50}" cy="${45 + row * 50}" r="${14 + ((row + col) % 3) * 4}" fill="#ffffff" opacity="${0.55 + ((row * col) % 3) * 0.2}"/>`)).join(""),
  // A map pin.
  country: `<path d="M120 220s-70-78-70-126a70 70 0 0 1 140 0c0 48-70 126-70 126z" ${stroke}/><circle cx="120" cy="94" r="24" ${stroke}/>`,
  // A dial pad.
  "rate-checker": [0, 1, 2, 3].flatMap((row) => [0, 1, 2].map((col) => (row === 3 && col !== 1 ? "" : `<circle cx="${60 + col * 60}" cy="${30 + row * 60}" r="20" fill="#ffffff"/>`))).join(""),
  // A speech bubble with a question mark.
  faq: `<path d="M30 40h180v130H100l-50 40v-40H30z" ${stroke}/><path d="M98 82a22 22 0 1 1 30 20c-8 4-8 10-8 18" ${stroke}/><circle cx="120" cy="146" r="8" fill="#ffffff"/>`,
  // A page of text.
  legal: `<path d="M60 20h90l40 40v160H60z" ${stroke}/><path d="M150 20v40h40M90 110h70M90 145h70M90 180h40" ${stroke}/>`,
  // An open book.
  blog: `<path d="M120 60c-30-20-70-24-100-18v150c30-6 70-2 100 18 30-20 70-24 100-18V42c-30-6-70-2-100 18zM120 60v150" ${stroke}/>`,
  // A magnifying glass.
  search: `<circle cx="100" cy="100" r="64" ${stroke}/><path d="M148 148l60 60" ${stroke}/>`,
};

function card(kind: OgImageKind): string {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: 1200px; height: 630px; }
    body { display: flex; align-items: center; justify-content: space-between; padding: 0 110px; box-sizing: border-box;
      background: #115e59; font-family: "DejaVu Sans", Arial, sans-serif; color: #fff; }
    .brand { display: flex; flex-direction: column; gap: 28px; }
    .mark { display: flex; align-items: center; gap: 28px; font-size: 104px; font-weight: 700; letter-spacing: -2px; }
    .bars { display: flex; gap: 10px; align-items: flex-end; height: 96px; }
    .bars span { width: 20px; border-radius: 10px; background: #5eead4; }
    .line { width: 420px; height: 10px; border-radius: 5px; background: #5eead4; opacity: .8; }
    .icon { width: 300px; height: 300px; border-radius: 60px; background: rgba(255,255,255,.1); display: flex; align-items: center; justify-content: center; }
  </style></head><body>
    <div class="brand">
      <div class="mark"><div class="bars"><span style="height:40%"></span><span style="height:70%"></span><span style="height:100%"></span></div>Dialwise</div>
      <div class="line"></div>
    </div>
    <div class="icon"><svg width="220" height="220" viewBox="0 0 240 240">${ICONS[kind]}</svg></div>
  </body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
mkdirSync(OUT, { recursive: true });
for (const kind of OG_IMAGE_KINDS) {
  await page.setContent(card(kind));
  await page.screenshot({ path: path.join(OUT, `${kind}.png`), type: "png" });
}
await browser.close();
