import type { AlgorithmRunReport, CameraRunReport, Lang } from '@sentinel/contract';
import ExcelJS from 'exceljs';

type Column<Row> = {
  title: Record<Lang, string>;
  width: number;
  value: (row: Row) => string | number | null;
};

const CAMERA_COLUMNS: Column<CameraRunReport['rows'][number]>[] = [
  { title: { en: 'Day', 'zh-CN': '日期' }, width: 12, value: (r) => r.day },
  { title: { en: 'Camera', 'zh-CN': '摄像机' }, width: 24, value: (r) => r.cameraName },
  { title: { en: 'Area', 'zh-CN': '区域' }, width: 18, value: (r) => r.areaName },
  { title: { en: 'Availability %', 'zh-CN': '可用率 %' }, width: 14, value: (r) => r.availability },
  { title: { en: 'Outages', 'zh-CN': '中断次数' }, width: 10, value: (r) => r.outages },
  { title: { en: 'Outage (s)', 'zh-CN': '中断时长(秒)' }, width: 14, value: (r) => r.outageSeconds },
  { title: { en: 'Alarms', 'zh-CN': '告警数' }, width: 10, value: (r) => r.alarms },
];

const ALGORITHM_COLUMNS: Column<AlgorithmRunReport['rows'][number]>[] = [
  { title: { en: 'Day', 'zh-CN': '日期' }, width: 12, value: (r) => r.day },
  { title: { en: 'Algorithm', 'zh-CN': '算法' }, width: 24, value: (r) => r.algorithmName },
  { title: { en: 'Alarms', 'zh-CN': '告警数' }, width: 10, value: (r) => r.alarms },
  { title: { en: 'False positives', 'zh-CN': '误报数' }, width: 14, value: (r) => r.falsePositives },
  { title: { en: 'Cameras', 'zh-CN': '摄像机数' }, width: 10, value: (r) => r.cameras },
  { title: { en: 'Mean availability %', 'zh-CN': '平均可用率 %' }, width: 18, value: (r) => r.availability },
];

export const SHEETS: Record<'camera' | 'algorithm', Record<Lang, string>> = {
  camera: { en: 'Camera run report', 'zh-CN': '摄像机运行报告' },
  algorithm: { en: 'Algorithm run report', 'zh-CN': '算法运行报告' },
};

async function workbookOf<Row>(
  sheetName: string,
  columns: Column<Row>[],
  rows: Row[],
  lang: Lang,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.addRow(columns.map((c) => c.title[lang]));
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const cameraWorkbook = (report: CameraRunReport, lang: Lang) =>
  workbookOf(SHEETS.camera[lang], CAMERA_COLUMNS, report.rows, lang);

export const algorithmWorkbook = (report: AlgorithmRunReport, lang: Lang) =>
  workbookOf(SHEETS.algorithm[lang], ALGORITHM_COLUMNS, report.rows, lang);
