import sharp from 'sharp';

/**
 * Synthetic CCTV snapshots for the demo plant: a 1280×720 scene drawn as SVG (sky and ground,
 * plant-like shapes for the kind of area) with an on-screen display like a real camera's (time
 * top-left, channel name bottom-right), rendered to JPEG by sharp at seed time.
 */
export type SnapshotScene = 'ovens' | 'tower' | 'tanks' | 'pumps' | 'conveyor' | 'indoor' | 'boiler';

const W = 1280;
const H = 720;

/** Small deterministic generator so every seed draws the same pictures. */
function random(seed: number) {
  let s = seed * 9301 + 49297;
  return () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
}

const esc = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sky(night: boolean, horizon: number): string {
  const [top, bottom] = night ? ['#0d1524', '#34415a'] : ['#7fa7cf', '#d9e3ea'];
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${night ? '#2b2d2f' : '#76736b'}"/><stop offset="1" stop-color="${night ? '#141516' : '#4a4843'}"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d949b"/><stop offset="0.5" stop-color="#c9ced3"/><stop offset="1" stop-color="#6f767d"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.2" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
  </defs>
  <rect width="${W}" height="${horizon}" fill="url(#sky)"/>
  <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>
  <path d="M0 ${horizon} V${horizon - 40} H90 V${horizon - 70} H150 V${horizon - 30} H330 V${horizon - 55} H420 V${horizon - 25} H760 V${horizon - 60} H800 V${horizon - 140} H815 V${horizon - 60} H980 V${horizon - 35} H1180 V${horizon - 80} H1280 V${horizon} Z" fill="${night ? '#1d2533' : '#9aa6b0'}" opacity="0.7"/>`;
}

function ovens(r: () => number): string {
  const x0 = 80 + r() * 80;
  let out = `<rect x="${x0}" y="300" width="900" height="170" fill="#5b4a42"/>`;
  for (let i = 0; i < 30; i++)
    out += `<rect x="${x0 + 10 + i * 29.5}" y="318" width="18" height="140" fill="#3b302b"/>`;
  out += `<rect x="${x0 - 10}" y="286" width="920" height="18" fill="#6f6a66"/>`;
  out += `<rect x="${x0 + 960}" y="120" width="46" height="350" fill="#8a7d72"/><rect x="${x0 + 956}" y="120" width="54" height="14" fill="#a33"/>`;
  out += `<ellipse cx="${x0 + 990}" cy="95" rx="70" ry="36" fill="#d8d8d8" opacity="0.55"/>`;
  out += `<rect x="${x0 + 200}" y="470" width="180" height="70" fill="#b58b2a"/><rect x="${x0 + 215}" y="440" width="60" height="30" fill="#8c6a1c"/>`;
  return out;
}

function tower(r: () => number): string {
  const x = 450 + r() * 200;
  return `<rect x="${x}" y="140" width="160" height="330" fill="#7d7770"/><polygon points="${x - 20},140 ${x + 180},140 ${x + 150},100 ${x + 10},100" fill="#6a645e"/>
  <ellipse cx="${x + 80}" cy="70" rx="190" ry="80" fill="#f2f2f2" opacity="0.75"/><ellipse cx="${x + 170}" cy="40" rx="140" ry="55" fill="#ffffff" opacity="0.6"/>
  <rect x="${x - 380}" y="400" width="300" height="70" fill="#5d5650"/><rect x="0" y="470" width="${W}" height="14" fill="#3d3a36"/>`;
}

function tanks(r: () => number): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const x = 90 + i * 290 + r() * 30;
    const w = 200 + r() * 40;
    const top = 230 + r() * 60;
    out += `<rect x="${x}" y="${top}" width="${w}" height="${480 - top}" fill="url(#steel)"/><ellipse cx="${x + w / 2}" cy="${top}" rx="${w / 2}" ry="18" fill="#d7dbde"/>`;
    out += `<path d="M${x + 10} ${top + 20} L${x + w - 10} ${480}" stroke="#6a6f74" stroke-width="3"/>`;
  }
  out += `<rect x="40" y="470" width="1200" height="12" fill="#b3a14a"/>`;
  return out;
}

function pumps(r: () => number): string {
  let out = `<rect x="0" y="120" width="${W}" height="360" fill="#c9c6bd"/><rect x="0" y="480" width="${W}" height="240" fill="#7c8a6e"/>`;
  for (let i = 0; i < 4; i++) {
    const x = 120 + i * 270 + r() * 20;
    out += `<rect x="${x}" y="470" width="180" height="70" fill="#2f6db3"/><circle cx="${x + 60}" cy="455" r="38" fill="#2a5f9c"/>`;
    out += `<rect x="${x + 140}" y="300" width="22" height="170" fill="#8d949b"/>`;
  }
  return `${out}<rect x="0" y="280" width="${W}" height="20" fill="#8d949b"/>`;
}

function conveyor(r: () => number): string {
  const lift = 120 + r() * 80;
  let out = `<polygon points="0,${560} ${W},${560 - lift * 2} ${W},${600 - lift * 2} 0,600" fill="#6b6f73"/>`;
  for (let i = 0; i < 14; i++) {
    const x = i * 96;
    const y = 560 - (lift * 2 * x) / W;
    out += `<rect x="${x}" y="${y + 40}" width="10" height="${H - y}" fill="#4b4f53"/>`;
  }
  out += `<polygon points="0,${548} ${W},${548 - lift * 2} ${W},${560 - lift * 2} 0,560" fill="#222"/>`;
  return `${out}<rect x="${W - 260}" y="${120 - lift / 2}" width="220" height="200" fill="#9a9389"/>`;
}

function indoor(r: () => number): string {
  let out = `<rect width="${W}" height="${H}" fill="#b9bcb8"/><rect y="520" width="${W}" height="200" fill="#8b8f8a"/>`;
  for (let i = 0; i < 6; i++) {
    const x = 80 + i * 195;
    out += `<rect x="${x}" y="${200 + r() * 20}" width="170" height="330" fill="#d7d9d4" stroke="#6d716c" stroke-width="4"/>`;
    for (let j = 0; j < 4; j++)
      out += `<circle cx="${x + 30 + j * 35}" cy="250" r="7" fill="${r() > 0.3 ? '#2eb82e' : '#d33'}"/>`;
    out += `<rect x="${x + 30}" y="300" width="110" height="60" fill="#2b2f33"/>`;
  }
  return `${out}<rect x="0" y="0" width="${W}" height="60" fill="#e9ebe6"/>`;
}

function boiler(r: () => number): string {
  const x = 300 + r() * 120;
  return `<rect x="${x}" y="160" width="420" height="320" fill="#a5a097"/><rect x="${x + 60}" y="60" width="70" height="420" fill="#8b847b"/>
  <rect x="${x + 280}" y="30" width="60" height="450" fill="#8b847b"/><ellipse cx="${x + 310}" cy="20" rx="90" ry="30" fill="#e6e6e6" opacity="0.5"/>
  <rect x="${x - 260}" y="360" width="220" height="120" fill="#6d7f8f"/><rect x="${x + 440}" y="300" width="300" height="180" fill="#7a756d"/>
  <path d="M${x + 420} 260 H ${x + 520} V 300" stroke="#c8c2b4" stroke-width="14" fill="none"/>`;
}

const DRAW: Record<SnapshotScene, (r: () => number) => string> = {
  ovens,
  tower,
  tanks,
  pumps,
  conveyor,
  indoor,
  boiler,
};

const pad = (n: number) => String(n).padStart(2, '0');
const osdTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The SVG of one snapshot. */
export function snapshotSvg(input: {
  scene: SnapshotScene;
  seed: number;
  name: string;
  code: string;
  time: Date;
  night?: boolean;
}): string {
  const r = random(input.seed);
  const night = input.night ?? false;
  const horizon = input.scene === 'indoor' ? 0 : 470;
  const font =
    "font-family=\"'Noto Sans CJK SC','WenQuanYi Micro Hei','Microsoft YaHei','DejaVu Sans',sans-serif\"";
  const osd = `fill="#fff" stroke="#000" stroke-width="1.2" paint-order="stroke" ${font}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  ${sky(night, horizon)}
  ${DRAW[input.scene](r)}
  ${night ? `<rect width="${W}" height="${H}" fill="#0a1a0a" opacity="0.35"/>` : ''}
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <text x="28" y="50" font-size="30" ${osd}>${osdTime(input.time)}</text>
  <text x="${W - 28}" y="${H - 30}" text-anchor="end" font-size="30" ${osd}>${esc(input.name)}</text>
  <text x="${W - 28}" y="50" text-anchor="end" font-size="24" ${osd}>${esc(input.code)}</text>
</svg>`;
}

/** A 1280×720 JPEG of the snapshot (well under the 500 KB image limit). */
export function renderSnapshot(input: Parameters<typeof snapshotSvg>[0]): Promise<Buffer> {
  return sharp(Buffer.from(snapshotSvg(input)))
    .jpeg({ quality: 78 })
    .toBuffer();
}
