import { isPriorityCode, type Lang, PRIORITY_LABELS, type ReportMessage } from '@sentinel/contract';
import ExcelJS from 'exceljs';
import type { ReportData, ReportSection } from './report-data.ts';

/** The mail's words in both languages (the recipient's language decides). */
const WORDS = {
  en: {
    subject: (app: string, name: string, range: string) => `${app} report: ${name} (${range})`,
    intro: (name: string, range: string) => `Report "${name}" for ${range}.`,
    all: 'Whole system',
    plant: 'Plant',
    area: 'Area',
    scene: 'Scene',
    alarmSummary: 'Alarm summary',
    totalAlarms: 'Total alarms',
    untreated: 'Untreated',
    falsePositive: 'False positives',
    byLevel: 'Alarms by level',
    byType: 'Alarms by type',
    byScene: 'Alarms by scene',
    level: 'Level',
    type: 'Type',
    count: 'Alarms',
    name: 'Name',
    item: 'Item',
    value: 'Value',
    jobSafety: 'Job safety',
    runs: 'Job runs',
    safetyRate: 'Safety rate',
    outcome: 'Outcome',
    states: ['Not started', 'Running', 'Normally completed', 'Completed with violation', 'Undetermined'],
    efficiency: 'Handling efficiency',
    handled: 'Handled alarms',
    median: 'Median time to handling',
    p90: '90th percentile time to handling',
    approval: 'Median time to approval',
    plantAreas: (plant: string) => `Plant data report: ${plant}, alarms per area`,
    noData: 'none',
    footer: (app: string) => `Sent by ${app}. The attached workbook holds the same figures.`,
    filename: 'report',
    seconds: (n: number) => `${n} s`,
    minutes: (n: number) => `${n} min`,
    hours: (n: number) => `${n} h`,
  },
  'zh-CN': {
    subject: (app: string, name: string, range: string) => `${app} 报表：${name}（${range}）`,
    intro: (name: string, range: string) => `报表“${name}”，统计时段 ${range}。`,
    all: '全部',
    plant: '厂区',
    area: '区域',
    scene: '场景',
    alarmSummary: '报警汇总',
    totalAlarms: '报警总数',
    untreated: '未处理',
    falsePositive: '误报',
    byLevel: '按等级统计',
    byType: '按类型统计',
    byScene: '按场景统计',
    level: '等级',
    type: '类型',
    count: '报警数',
    name: '名称',
    item: '项目',
    value: '数值',
    jobSafety: '作业安全',
    runs: '作业次数',
    safetyRate: '安全率',
    outcome: '结果',
    states: ['未开始', '进行中', '正常完成', '违规完成', '无法判定'],
    efficiency: '处置效率',
    handled: '已处理报警',
    median: '处置时长中位数',
    p90: '处置时长 90 分位',
    approval: '审批时长中位数',
    plantAreas: (plant: string) => `厂区数据报表：${plant}，各区域报警数`,
    noData: '无',
    footer: (app: string) => `由 ${app} 发送。附件工作簿包含相同的数据。`,
    filename: '报表',
    seconds: (n: number) => `${n} 秒`,
    minutes: (n: number) => `${n} 分钟`,
    hours: (n: number) => `${n} 小时`,
  },
} satisfies Record<Lang, unknown>;
type Words = (typeof WORDS)['en'];

/** A table of the report: rendered as HTML, as text and as rows of the workbook. */
interface Block {
  title: string;
  headers: [string, string];
  rows: [string, string | number][];
}
interface Part {
  heading: string;
  blocks: Block[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm' in the server's time zone (the schedule's). */
export const localTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
const rangeText = (data: ReportData) => `${localTime(data.start)} – ${localTime(data.end)}`;

function duration(w: Words, seconds: number | null): string {
  if (seconds === null) return w.noData;
  if (seconds < 60) return w.seconds(Math.round(seconds));
  if (seconds < 3600) return w.minutes(Math.round(seconds / 60));
  return w.hours(Math.round(seconds / 360) / 10);
}

function sectionParts(w: Words, lang: Lang, s: ReportSection, contents: string[]): Part {
  const heading = s.kind === 'all' ? w.all : `${w[s.kind]}: ${s.name}`;
  const blocks: Block[] = [];
  const a = s.alarm;
  if (contents.includes('alarmSummary')) {
    blocks.push({
      title: w.alarmSummary,
      headers: [w.item, w.value],
      rows: [
        [w.totalAlarms, a.total],
        [w.untreated, a.untreated],
        [w.falsePositive, a.falsePositive],
      ],
    });
    blocks.push({
      title: w.byLevel,
      headers: [w.level, w.count],
      rows: a.byLevel.map((l) => [
        isPriorityCode(l.priority) ? PRIORITY_LABELS[l.priority][lang] : String(l.priority),
        l.count,
      ]),
    });
    blocks.push({
      title: w.byType,
      headers: [w.type, w.count],
      rows: a.byType.map((t) => [t.name || '—', t.count]),
    });
    blocks.push({
      title: w.byScene,
      headers: [w.scene, w.count],
      rows: a.byScene.map((t) => [t.name || '—', t.count]),
    });
  }
  if (s.safety) {
    const rate = s.safety.safetyRate === null ? w.noData : `${Math.round(s.safety.safetyRate * 1000) / 10} %`;
    blocks.push({
      title: w.jobSafety,
      headers: [w.outcome, w.value],
      rows: [
        [w.runs, s.safety.runs],
        [w.safetyRate, rate],
        ...s.safety.byOutcome.map((o): [string, number] => [w.states[o.state] ?? String(o.state), o.count]),
      ],
    });
  }
  if (s.efficiency) {
    const e = s.efficiency;
    blocks.push({
      title: w.efficiency,
      headers: [w.item, w.value],
      rows: [
        [w.handled, e.overall.count],
        [w.median, duration(w, e.overall.medianSeconds)],
        [w.p90, duration(w, e.overall.p90Seconds)],
        [w.approval, duration(w, e.approval.medianSeconds)],
      ],
    });
  }
  return { heading, blocks };
}

function partsOf(data: ReportData, lang: Lang): Part[] {
  const w = WORDS[lang];
  const parts = data.sections.map((s) => sectionParts(w, lang, s, data.contents));
  if (data.plant) {
    const a = data.plant.alarm;
    parts.push({
      heading: w.plantAreas(data.plant.name),
      blocks: [
        {
          title: w.alarmSummary,
          headers: [w.item, w.value],
          rows: [
            [w.totalAlarms, a.total],
            [w.untreated, a.untreated],
            [w.falsePositive, a.falsePositive],
          ],
        },
        { title: w.area, headers: [w.area, w.count], rows: a.byArea.map((r) => [r.name || '—', r.count]) },
      ],
    });
  }
  return parts;
}

const escapeHtml = (v: string | number) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(data: ReportData, lang: Lang, app: string, parts: Part[]): string {
  const w = WORDS[lang];
  const cell = 'style="border:1px solid #ccc;padding:4px 8px;text-align:left"';
  const table = (b: Block) =>
    `<h4>${escapeHtml(b.title)}</h4><table style="border-collapse:collapse"><tr><th ${cell}>${escapeHtml(b.headers[0])}</th><th ${cell}>${escapeHtml(b.headers[1])}</th></tr>${
      b.rows.length
        ? b.rows
            .map(([k, v]) => `<tr><td ${cell}>${escapeHtml(k)}</td><td ${cell}>${escapeHtml(v)}</td></tr>`)
            .join('')
        : `<tr><td ${cell} colspan="2">${escapeHtml(w.noData)}</td></tr>`
    }</table>`;
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif"><h2>${escapeHtml(data.name)}</h2><p>${escapeHtml(
    w.intro(data.name, rangeText(data)),
  )}</p>${parts.map((p) => `<h3>${escapeHtml(p.heading)}</h3>${p.blocks.map(table).join('')}`).join('')}<p style="color:#888">${escapeHtml(
    w.footer(app),
  )}</p></body></html>`;
}

function text(data: ReportData, lang: Lang, app: string, parts: Part[]): string {
  const w = WORDS[lang];
  const lines = [w.intro(data.name, rangeText(data)), ''];
  for (const p of parts) {
    lines.push(`== ${p.heading} ==`);
    for (const b of p.blocks) {
      lines.push(`-- ${b.title}`);
      if (b.rows.length === 0) lines.push(`   ${w.noData}`);
      for (const [k, v] of b.rows) lines.push(`   ${k}: ${v}`);
    }
    lines.push('');
  }
  lines.push(w.footer(app));
  return lines.join('\n');
}

/** Sheet names: at most 31 characters, none of \ / ? * [ ] :, unique. */
function sheetName(heading: string, taken: Set<string>): string {
  const base = heading.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name); i += 1) name = `${base} ${i}`;
  taken.add(name);
  return name;
}

async function workbook(parts: Part[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const taken = new Set<string>();
  for (const p of parts) {
    const sheet = book.addWorksheet(sheetName(p.heading, taken));
    sheet.columns = [{ width: 40 }, { width: 20 }];
    sheet.addRow([p.heading]).font = { bold: true, size: 13 };
    for (const b of p.blocks) {
      sheet.addRow([]);
      sheet.addRow([b.title]).font = { bold: true };
      sheet.addRow([...b.headers]).font = { italic: true };
      for (const row of b.rows) sheet.addRow([...row]);
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface RenderedMail extends ReportMessage {
  xlsx: Buffer;
}

/** The report as a mail in `lang`: subject, HTML and text bodies with the figures, and the workbook. */
export async function renderMail(data: ReportData, lang: Lang, app: string): Promise<RenderedMail> {
  const w = WORDS[lang];
  const parts = partsOf(data, lang);
  const xlsx = await workbook(parts);
  const day = localTime(data.end).slice(0, 10);
  const filename = `${w.filename}-${data.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}-${day}.xlsx`;
  return {
    lang,
    subject: w.subject(app, data.name, rangeText(data)),
    html: html(data, lang, app, parts),
    text: text(data, lang, app, parts),
    attachment: { filename, size: xlsx.length },
    xlsx,
  };
}
