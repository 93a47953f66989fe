import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { JsonNumber } from '../../../core/analytics';
import { toWallClockText } from '../../../core/query';
import type { ReportRow } from '../../../core/reports';
import { D, toMoneyString } from '../../../core/money/decimal';
import type { ReportDocument } from './report-document';

/** The trade list of the PDF stops after this many trades (and says so). */
export const PDF_TRADE_LIST_LIMIT = 500;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const COLOURS = {
  text: '#0f172a',
  muted: '#64748b',
  line: '#cbd5e1',
  accent: '#2563eb',
  loss: '#dc2626',
  win: '#16a34a',
};

/**
 * The PDF's fonts: DejaVu Sans embedded (subset) when the machine has it (Debian's fonts-dejavu-core,
 * installed with poppler and chromium), so every sign the app's labels use (−, ≥, ≤, €, ★, ·) is
 * drawn as it is; else the standard Helvetica, whose WinAnsi encoding lacks some: toPdfText spells
 * those out.
 */
const DEJAVU_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/TTF', '/usr/share/fonts/dejavu'];
const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', oblique: 'DejaVuSans-Oblique.ttf' };

type FontSources = { regular: string; bold: string; oblique: string; isEmbedded: boolean };

function findFonts(): FontSources {
  for (const dir of DEJAVU_DIRS) {
    const paths = {
      regular: `${dir}/${FONT_FILES.regular}`,
      bold: `${dir}/${FONT_FILES.bold}`,
      oblique: `${dir}/${FONT_FILES.oblique}`,
    };
    if (Object.values(paths).every((path) => existsSync(path))) return { ...paths, isEmbedded: true };
  }
  return { regular: 'Helvetica', bold: 'Helvetica-Bold', oblique: 'Helvetica-Oblique', isEmbedded: false };
}

/** Looked up once: the fonts on the machine do not change while it runs. */
const FONTS = findFonts();

/** True when the PDF embeds a Unicode font (every character drawn as it is). */
export const isPdfFontEmbedded = (): boolean => FONTS.isEmbedded;

/**
 * Text as the PDF's font can draw it: as it is with the embedded font; in Helvetica (WinAnsi) the
 * few signs it lacks are spelled out (minus, ≥, ≤, the rating star) and anything else outside it
 * becomes "?".
 */
export function toPdfText(text: string): string {
  return FONTS.isEmbedded ? text : toWinAnsiText(text);
}

/** Text in the standard font's WinAnsi encoding (the fallback when no font can be embedded). */
export function toWinAnsiText(text: string): string {
  return text
    .replace(/\u2212/g, '-')
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/ ★/g, ' stars')
    .replace(/[^\u0020-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}

/** Money as the report shows it: 2 places, thousands separated, a minus sign before. */
export function toPdfMoney(value: string | null): string {
  if (value === null) return '-';
  const [whole, fraction] = toMoneyString(D(value), 2).split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = whole!.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}.${fraction}`;
}

const toPercent = (value: number) => `${(value * 100).toFixed(1)}%`;

function toRatio(value: JsonNumber, digits = 2): string {
  if (value === null) return '-';
  if (value === 'Infinity') return 'Infinite';
  if (value === '-Infinity') return '-Infinite';
  return value.toFixed(digits);
}

export function toWinRateText(row: ReportRow): string {
  if (typeof row.winRate !== 'number') return '-';
  const ci = row.winRateCi95;
  return ci ? `${toPercent(row.winRate)} [${toPercent(ci[0])}, ${toPercent(ci[1])}]` : toPercent(row.winRate);
}

export function toExpectancyText(row: ReportRow): string {
  if (row.expectancy === null) return '-';
  const ci = row.expectancyCi95;
  return ci ? `${toPdfMoney(row.expectancy)} [${toPdfMoney(ci[0])}, ${toPdfMoney(ci[1])}]` : toPdfMoney(row.expectancy);
}

type Doc = InstanceType<typeof PDFDocument>;

/** The y after a heading written at y. */
function writeHeading(doc: Doc, text: string, y: number): number {
  doc.font('Body-Bold').fontSize(13).fillColor(COLOURS.text).text(toPdfText(text), PAGE.margin, y);
  return y + 22;
}

function writeCover(doc: Doc, document: ReportDocument): number {
  const { report, period, timeZone, currency } = document;
  const inCurrency = (value: string | null) => (value === null ? '-' : `${toPdfMoney(value)} ${currency}`);
  doc.font('Body-Bold').fontSize(22).fillColor(COLOURS.text).text('Edgebook report', PAGE.margin, PAGE.margin);
  doc
    .font('Body')
    .fontSize(11)
    .fillColor(COLOURS.muted)
    .text(
      toPdfText(
        `${report.total.count} closed trades, grouped by ${document.groupByLabel.toLowerCase()}. ` +
          (period ? `Period: ${period.first} to ${period.last}` : 'No trades in the period') +
          ` (days in ${timeZone}). Amounts in ${currency}.` +
          document.unconverted
            .map(
              (entry) =>
                ` Not in the figures: ${entry.tradeCount} ${entry.tradeCount === 1 ? 'trade' : 'trades'} in ` +
                `${entry.currency} with no rate into ${currency} (net P&L ${toPdfMoney(entry.netPnl)} ${entry.currency}).`,
            )
            .join(''),
      ),
      PAGE.margin,
      PAGE.margin + 32,
      { width: CONTENT_WIDTH },
    );
  let y = doc.y + 14;
  y = writeHeading(doc, 'Filters', y);
  doc.font('Body').fontSize(10).fillColor(COLOURS.text);
  const conditions =
    document.conditions.length === 0 ? ['None: every closed trade.'] : document.conditions.map((c) => `• ${c}`);
  for (const condition of conditions) {
    doc.text(toPdfText(condition), PAGE.margin, y, { width: CONTENT_WIDTH });
    y = doc.y + 2;
  }
  y += 12;
  y = writeHeading(doc, 'Headline figures', y);
  const total = report.total;
  const figures: [string, string][] = [
    ['Closed trades', String(total.count)],
    ['Net P&L', inCurrency(total.netPnl)],
    ['Gross P&L', inCurrency(total.grossPnl)],
    ['Fees and commissions', inCurrency(total.fees)],
    ['Win rate [95% CI]', toWinRateText(total)],
    ['Expectancy [95% CI]', toExpectancyText(total)],
    [
      'Expectancy in R [95% CI]',
      total.expectancyRCi95 && typeof total.expectancyR === 'number'
        ? `${toRatio(total.expectancyR)} [${toRatio(total.expectancyRCi95[0])}, ${toRatio(total.expectancyRCi95[1])}]`
        : toRatio(total.expectancyR),
    ],
    ['Profit factor', toRatio(total.profitFactor)],
    ['Average win / loss', `${toPdfMoney(total.avgWin)} / ${toPdfMoney(total.avgLoss)} ${currency}`],
    ['Max drawdown', inCurrency(total.maxDrawdownAbs)],
  ];
  const columnWidth = CONTENT_WIDTH / 2;
  figures.forEach(([label, value], i) => {
    const x = PAGE.margin + (i % 2) * columnWidth;
    const rowY = y + Math.floor(i / 2) * 34;
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(label, x, rowY, { width: columnWidth - 10 });
    doc
      .font('Body-Bold')
      .fontSize(12)
      .fillColor(COLOURS.text)
      .text(toPdfText(value), x, rowY + 11, { width: columnWidth - 10 });
  });
  y += Math.ceil(figures.length / 2) * 34 + 8;
  if (total.lowSample) {
    doc
      .font('Body-Oblique')
      .fontSize(9)
      .fillColor(COLOURS.loss)
      .text('Fewer than 30 trades: the intervals are wide and the figures may not hold.', PAGE.margin, y);
    y = doc.y + 6;
  }
  return y + 10;
}

/** Cumulative net P&L and its drawdown from the running peak, per trade, at most `max` points. */
function toEquityPoints(document: ReportDocument, max: number): { equity: number[]; drawdown: number[] } {
  const { columns } = document;
  const n = columns.count;
  const step = Math.max(1, Math.ceil(n / max));
  const equity: number[] = [0];
  const drawdown: number[] = [0];
  let total = 0;
  let peak = 0;
  let deepest = 0;
  for (let i = 0; i < n; i++) {
    total += columns.netPnl[i]!;
    peak = Math.max(peak, total);
    deepest = Math.max(deepest, peak - total);
    if ((i + 1) % step === 0 || i === n - 1) {
      equity.push(total);
      drawdown.push(-deepest);
      deepest = 0;
    }
  }
  return { equity, drawdown };
}

/** Equity curve (line) above its drawdown (area), drawn as vector graphics. */
function writeEquityChart(doc: Doc, document: ReportDocument, top: number): number {
  const y = writeHeading(doc, 'Equity curve and drawdown', top);
  const { equity, drawdown } = toEquityPoints(document, 800);
  const left = PAGE.margin + 56;
  const width = CONTENT_WIDTH - 56;
  const plot = (values: number[], box: { y: number; height: number; min: number; max: number }) => {
    const span = box.max - box.min || 1;
    return values.map((value, i) => ({
      x: left + (values.length === 1 ? 0 : (i / (values.length - 1)) * width),
      y: box.y + box.height - ((value - box.min) / span) * box.height,
    }));
  };
  const eqBox = {
    y,
    height: 150,
    min: Math.min(0, ...equity),
    max: Math.max(0, ...equity),
  };
  const ddBox = { y: y + 168, height: 60, min: Math.min(...drawdown, -1e-9), max: 0 };
  doc.font('Body').fontSize(8).fillColor(COLOURS.muted);
  for (const box of [eqBox, ddBox]) {
    doc.rect(left, box.y, width, box.height).lineWidth(0.5).strokeColor(COLOURS.line).stroke();
    doc.text(toPdfMoney(String(round2(box.max))), PAGE.margin, box.y - 3, { width: 52, align: 'right' });
    doc.text(toPdfMoney(String(round2(box.min))), PAGE.margin, box.y + box.height - 6, { width: 52, align: 'right' });
  }
  // The zero line of the equity box.
  const zero = plot([0], eqBox)[0]!.y;
  doc
    .moveTo(left, zero)
    .lineTo(left + width, zero)
    .lineWidth(0.5)
    .dash(3, { space: 3 })
    .stroke()
    .undash();
  const points = plot(equity, eqBox);
  if (points.length > 1) {
    doc.moveTo(points[0]!.x, points[0]!.y);
    for (const point of points.slice(1)) doc.lineTo(point.x, point.y);
    doc.lineWidth(1.2).strokeColor(COLOURS.accent).stroke();
    const dd = plot(drawdown, ddBox);
    doc.moveTo(left, ddBox.y);
    for (const point of dd) doc.lineTo(point.x, point.y);
    doc
      .lineTo(left + width, ddBox.y)
      .closePath()
      .fillOpacity(0.35)
      .fill(COLOURS.loss)
      .fillOpacity(1);
  }
  doc
    .fillColor(COLOURS.muted)
    .text(`Cumulative net P&L (${document.currency}), trade by trade`, left, eqBox.y + eqBox.height + 3);
  doc.text('Drawdown from the running peak', left, ddBox.y + ddBox.height + 3);
  if (document.period) {
    doc.text(document.period.first, left, ddBox.y + ddBox.height + 14);
    doc.text(document.period.last, left, ddBox.y + ddBox.height + 14, { width, align: 'right' });
  }
  return ddBox.y + ddBox.height + 34;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

type Column<T> = { header: string; width: number; align?: 'left' | 'right'; value: (item: T) => string };

/** A table that continues on new pages, its header repeated; rows of one line each. */
function writeTable<T>(
  doc: Doc,
  params: { top: number; columns: Column<T>[]; items: readonly T[]; fontSize?: number },
) {
  const fontSize = params.fontSize ?? 8;
  const rowHeight = fontSize + 6;
  let y = params.top;
  const header = () => {
    let x = PAGE.margin;
    doc.font('Body-Bold').fontSize(fontSize).fillColor(COLOURS.muted);
    for (const column of params.columns) {
      doc.text(column.header, x, y, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    y += rowHeight;
    doc
      .moveTo(PAGE.margin, y - 3)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y - 3)
      .lineWidth(0.5)
      .strokeColor(COLOURS.line)
      .stroke();
  };
  header();
  doc.font('Body').fillColor(COLOURS.text);
  for (const item of params.items) {
    if (y + rowHeight > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    let x = PAGE.margin;
    doc.font('Body').fontSize(fontSize).fillColor(COLOURS.text);
    for (const column of params.columns) {
      doc.text(toPdfText(column.value(item)), x, y, {
        width: column.width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    }
    y += rowHeight;
  }
  return y;
}

/**
 * The report as a PDF document (A4, text extractable): the cover with the filters in words, the
 * period and the headline figures; the equity curve with its drawdown; the grouped table with
 * 95% intervals and low-sample marks; the first 500 trades of the list (the count stated).
 */
export function renderReportPdf(document: ReportDocument, params: { generatedAt: Date }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: 'Edgebook report', Creator: 'Edgebook', CreationDate: params.generatedAt },
  });
  doc.registerFont('Body', FONTS.regular);
  doc.registerFont('Body-Bold', FONTS.bold);
  doc.registerFont('Body-Oblique', FONTS.oblique);
  let y = writeCover(doc, document);
  if (y + 290 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  writeEquityChart(doc, document, y);

  doc.addPage();
  y = writeHeading(doc, `Grouped by ${document.groupByLabel.toLowerCase()}`, PAGE.margin);
  doc
    .font('Body')
    .fontSize(8)
    .fillColor(COLOURS.muted)
    .text(
      `Amounts in ${document.currency}. ` +
        'Win rate with its Wilson 95% interval; expectancy (mean net P&L per trade) with its Student t 95% interval. ' +
        '* marks a group of fewer than 30 trades.',
      PAGE.margin,
      y - 4,
      { width: CONTENT_WIDTH },
    );
  y = doc.y + 8;
  const groupColumns: Column<ReportRow>[] = [
    { header: 'Group', width: 84, value: (row) => `${row.lowSample ? '* ' : ''}${row.label}` },
    { header: 'Trades', width: 34, align: 'right', value: (row) => String(row.count) },
    { header: 'Net P&L', width: 60, align: 'right', value: (row) => toPdfMoney(row.netPnl) },
    { header: 'Win rate [95% CI]', width: 96, align: 'right', value: toWinRateText },
    { header: 'Expectancy [95% CI]', width: 120, align: 'right', value: toExpectancyText },
    { header: 'Exp. R', width: 38, align: 'right', value: (row) => toRatio(row.expectancyR) },
    { header: 'PF', width: 30, align: 'right', value: (row) => toRatio(row.profitFactor) },
    { header: 'Max DD', width: 50, align: 'right', value: (row) => toPdfMoney(row.maxDrawdownAbs) },
  ];
  const used = groupColumns.reduce((sum, column) => sum + column.width, 0);
  groupColumns[groupColumns.length - 1]!.width += CONTENT_WIDTH - used;
  y = writeTable(doc, { top: y, columns: groupColumns, items: [...document.report.groups, document.report.total] });

  const { columns, timeZone } = document;
  const shown = Math.min(columns.count, PDF_TRADE_LIST_LIMIT);
  if (y + 80 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  } else y += 20;
  y = writeHeading(doc, 'Trades', y);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(
      columns.count > PDF_TRADE_LIST_LIMIT
        ? `The first ${shown} of ${columns.count} trades, by close time (the CSV export lists them all).`
        : `All ${columns.count} trades, by close time.`,
      PAGE.margin,
      y - 4,
    );
  y = doc.y + 8;
  const rows = Array.from({ length: shown }, (_, i) => i);
  const netText = (i: number) => {
    const whole = columns.net.whole[i]!;
    const frac = columns.net.frac[i]!;
    return D(whole).plus(D(frac).div(100_000_000)).toString();
  };
  writeTable(doc, {
    top: y,
    items: rows,
    columns: [
      { header: '#', width: 30, align: 'right', value: (i) => String(i + 1) },
      {
        header: `Closed (${timeZone})`,
        width: 130,
        value: (i) => toWallClockText(columns.closedAt[i]!, timeZone).slice(0, 16),
      },
      { header: 'Symbol', width: 120, value: (i) => columns.symbols[columns.symbol[i]!]! },
      { header: 'Side', width: 50, value: (i) => (columns.isShort[i] === 1 ? 'Short' : 'Long') },
      { header: `Net P&L (${document.currency})`, width: 90, align: 'right', value: (i) => toPdfMoney(netText(i)) },
      {
        header: 'R',
        width: CONTENT_WIDTH - 420,
        align: 'right',
        value: (i) => (Number.isNaN(columns.rMultiple[i]!) ? '-' : columns.rMultiple[i]!.toFixed(2)),
      },
    ],
  });
  doc.end();
  return doc;
}
