import type { KnowledgeArticleBody, KnowledgeImageKind } from '@sentinel/contract';
import sharp from 'sharp';

/**
 * The default article of Knowledge base › Crane tube alignment (issue 15 §7): written the first
 * time the page is opened, then the administrators' to edit.
 */
export const CRANE_TUBE_ARTICLE: KnowledgeArticleBody = {
  title: { en: 'Crane tube alignment', zh: '吊管对中' },
  body: {
    en: [
      'The crane tube alignment algorithm watches a tube (pipe section) being lowered by a crane or pipelayer. It raises an alarm when the tube is not aligned with its target — the trench centreline or the end of the tube already laid — or when the hook is not above the tube’s centre, before the tube is set down.',
      'Before the lift',
      [
        '1. Draw the target centreline (trench axis or the axis of the laid tube) as the alignment zone of the camera in the algorithm configuration.',
        '2. Check that the camera sees the whole tube and the hook from the side, mounted at least 1.5 m above the ground.',
        '3. Attach the slings symmetrically, at equal distances from the centre of the tube.',
      ].join('\n'),
      'During the lift',
      [
        '4. Lift the tube slowly to about 0.5 m and hold it there: the algorithm measures the angle between the tube axis and the target centreline.',
        '5. Keep the hook vertically above the centre of the tube; a swinging load counts as misaligned until it settles.',
        '6. Lower the tube only while the measured deviation stays within the alignment tolerance.',
      ].join('\n'),
      'When an alarm is raised',
      [
        '7. Stop lowering, bring the tube back to the holding height and correct it with tag lines — never by hand under the load.',
        '8. Mark the alarm as processed with the correction made, or as a false positive with the reason (for example the tube hidden by the boom, or a second tube in view).',
      ].join('\n'),
    ].join('\n\n'),
    zh: [
      '吊管对中算法监测吊车或吊管机下放管段的过程。管段在落下之前，若其轴线未对准目标（管沟中心线或已敷设管段的端部），或吊钩不在管段中心正上方，即产生报警。',
      '起吊前',
      [
        '1. 在算法配置中为摄像机绘制目标中心线（管沟轴线或已敷设管段的轴线）作为对中区域。',
        '2. 确认摄像机从侧面能看到整根管段和吊钩，安装高度不低于地面以上1.5米。',
        '3. 吊索对称绑扎，与管段中心的距离相等。',
      ].join('\n'),
      '起吊中',
      [
        '4. 缓慢起吊至约0.5米高度并保持：算法测量管段轴线与目标中心线之间的夹角。',
        '5. 保持吊钩位于管段中心的正上方；吊物摆动时在稳定之前均按未对中处理。',
        '6. 仅在测得的偏差保持在对中容差以内时下放管段。',
      ].join('\n'),
      '产生报警时',
      [
        '7. 停止下放，将管段提回保持高度，用牵引绳校正——严禁在吊物下方徒手校正。',
        '8. 将报警标记为已处理并注明所做的校正，或标记为误报并注明原因（例如管段被吊臂遮挡、画面中出现第二根管段）。',
      ].join('\n'),
    ].join('\n\n'),
  },
  params: [
    {
      name: { en: 'Alignment tolerance', zh: '对中容差' },
      value: 3,
      unit: '°',
      description: {
        en: 'Largest angle between the tube axis and the target centreline still counted as aligned.',
        zh: '管段轴线与目标中心线之间仍视为对中的最大夹角。',
      },
    },
    {
      name: { en: 'Hook offset tolerance', zh: '吊钩偏移容差' },
      value: 10,
      unit: '%',
      description: {
        en: 'Largest horizontal distance of the hook from the tube’s centre, as a share of the tube length.',
        zh: '吊钩与管段中心的最大水平距离，占管段长度的百分比。',
      },
    },
    {
      name: { en: 'Minimum confidence', zh: '最低置信度' },
      value: 0.6,
      unit: '',
      description: {
        en: 'Detections of the tube and the hook below this confidence are ignored.',
        zh: '置信度低于此值的管段和吊钩检测结果将被忽略。',
      },
    },
    {
      name: { en: 'Detection interval', zh: '检测间隔' },
      value: 2,
      unit: 's',
      description: { en: 'Time between two analysed frames.', zh: '两次分析画面之间的时间间隔。' },
    },
    {
      name: { en: 'Alarm delay', zh: '报警延时' },
      value: 5,
      unit: 's',
      description: {
        en: 'A deviation must last this long before an alarm is raised (a swinging load settles).',
        zh: '偏差持续超过此时间才产生报警（等待吊物摆动稳定）。',
      },
    },
  ],
};

interface Drawing {
  kind: KnowledgeImageKind;
  caption: { en: string; zh: string };
  /** Tube rotation from the centreline (degrees) and hook offset from its centre (px). */
  angle: number;
  hookOffset: number;
  /** ASCII label drawn on the picture (the server may lack CJK fonts). */
  label: string;
}

export const CRANE_TUBE_DRAWINGS: Drawing[] = [
  {
    kind: 'correct',
    caption: {
      en: 'Correct: the tube is parallel to the trench centreline (deviation 1°) and the hook is above its centre.',
      zh: '正确：管段与管沟中心线平行（偏差1°），吊钩位于管段中心正上方。',
    },
    angle: 1,
    hookOffset: 0,
    label: 'OK  deviation 1 deg',
  },
  {
    kind: 'incorrect',
    caption: {
      en: 'Incorrect: the tube is turned 12° from the centreline — stop and correct with tag lines.',
      zh: '错误：管段偏离中心线12°——停止下放，用牵引绳校正。',
    },
    angle: 12,
    hookOffset: 0,
    label: 'NG  deviation 12 deg',
  },
  {
    kind: 'incorrect',
    caption: {
      en: 'Incorrect: the hook is off the tube’s centre and the slings are uneven, so the tube tilts.',
      zh: '错误：吊钩偏离管段中心、吊索受力不均，管段倾斜。',
    },
    angle: 7,
    hookOffset: 150,
    label: 'NG  hook off centre',
  },
];

const W = 960;
const H = 540;

/** A side view of the lift: ground and trench centreline, boom, hook, slings and the tube. */
function svgOf(d: Drawing): string {
  const ok = d.kind === 'correct';
  const colour = ok ? '#2e9d4f' : '#d4380d';
  const cx = 480;
  const cy = 330;
  const half = 260;
  const rad = (d.angle * Math.PI) / 180;
  const dx = Math.cos(rad) * half;
  const dy = Math.sin(rad) * half;
  const hookX = cx + d.hookOffset;
  const sling = (t: number) => `${cx - dx * t},${cy - dy * t - 18}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#dfe7ee"/>
  <rect y="430" width="${W}" height="110" fill="#a08a6a"/>
  <rect x="120" y="430" width="720" height="40" fill="#6f5b43"/>
  <line x1="60" y1="${cy}" x2="900" y2="${cy}" stroke="#1f6feb" stroke-width="3" stroke-dasharray="14 10"/>
  <text x="70" y="${cy - 12}" font-family="sans-serif" font-size="20" fill="#1f6feb">centreline</text>
  <line x1="880" y1="430" x2="${hookX + 40}" y2="40" stroke="#f0b400" stroke-width="16"/>
  <line x1="${hookX}" y1="40" x2="${hookX}" y2="150" stroke="#333" stroke-width="3"/>
  <path d="M ${hookX - 12} 150 h 24 v 14 q 0 16 -12 16 q -12 0 -12 -16 z" fill="#444"/>
  <line x1="${hookX}" y1="176" x2="${sling(0.6)}" stroke="#555" stroke-width="3"/>
  <line x1="${hookX}" y1="176" x2="${sling(-0.6)}" stroke="#555" stroke-width="3"/>
  <g transform="rotate(${d.angle} ${cx} ${cy})">
    <rect x="${cx - half}" y="${cy - 18}" width="${2 * half}" height="36" rx="6" fill="#7d8a96" stroke="#3d4852" stroke-width="3"/>
    <ellipse cx="${cx + half}" cy="${cy}" rx="8" ry="18" fill="#3d4852"/>
  </g>
  <rect x="24" y="20" width="360" height="54" rx="8" fill="${colour}"/>
  <text x="44" y="57" font-family="sans-serif" font-size="28" font-weight="bold" fill="#fff">${d.label}</text>
</svg>`;
}

/** The drawing as a JPEG (stored like an upload: checked by content and re-encoded). */
export function renderDrawing(d: Drawing): Promise<Buffer> {
  return sharp(Buffer.from(svgOf(d)))
    .jpeg({ quality: 82 })
    .toBuffer();
}
