// HTML/CSS pages of the invented documents, laid out like the real ones (labels, order, date styles)
// but plainly marked as specimens. Chromium renders them with the machine's CJK font (WenQuanYi Zen
// Hei, Debian's fonts-wqy-zenhei). Sizes are CSS pixels; the renderer scales them like a phone photo.
import type { IdCardValues, LicenceValues, PassportValues } from './values';

const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const FONT = `'WenQuanYi Zen Hei', 'DejaVu Sans', sans-serif`;
const MONO = `'DejaVu Sans Mono', monospace`;

/** 1985-03-07 → 1985 年 3 月 7 日 (the ID card and licence style). */
export function chineseDate(iso: string, padded = false): string {
  const [y, m, d] = iso.split('-');
  const num = (s = '') => (padded ? s : String(Number(s)));
  return `${y}年${num(m)}月${num(d)}日`;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** 1985-03-07 → 07 MAR 1985 (the passport style). */
export function passportDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

function page(width: number, height: number, body: string, css: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${width}px; height: ${height}px; background: #fff; font-family: ${FONT}; }
  ${css}
  </style></head><body>${body}</body></html>`;
}

export const ID_CARD_SIZE = { width: 428, height: 270 };

export function idCardFrontHtml(v: IdCardValues): string {
  const [year, month, day] = v.birthDate.split('-');
  const css = `
  .card { position: relative; width: 428px; height: 270px; border-radius: 14px; overflow: hidden;
    background: linear-gradient(135deg, #eef3f1 0%, #f7f4ea 55%, #e8eef4 100%); color: #111; }
  .row { position: absolute; left: 30px; font-size: 15px; display: flex; gap: 14px; }
  .label { color: #1d5f8c; font-size: 13px; letter-spacing: 6px; width: 42px; }
  .photo { position: absolute; right: 26px; top: 36px; width: 112px; height: 138px;
    background: linear-gradient(#d9dde2, #c4cbd3); border-radius: 4px; }
  .number { position: absolute; left: 30px; bottom: 26px; display: flex; gap: 14px; align-items: baseline; }
  .number .label { width: auto; letter-spacing: 2px; }
  .digits { font-family: ${MONO}; font-size: 19px; letter-spacing: 2px; font-weight: bold; }
  .specimen { position: absolute; right: 36px; top: 186px; color: #b33; font-size: 11px; }`;
  const body = `<div class="card">
  <div class="row" style="top:34px"><span class="label">姓名</span><span>${esc(v.name)}</span></div>
  <div class="row" style="top:66px"><span class="label">性别</span><span>${v.sex}</span>
    <span class="label" style="margin-left:26px">民族</span><span>${esc(v.ethnicity)}</span></div>
  <div class="row" style="top:98px"><span class="label">出生</span>
    <span>${year} 年 ${Number(month)} 月 ${Number(day)} 日</span></div>
  <div class="row" style="top:130px"><span class="label">住址</span>
    <span style="width:190px;line-height:21px">${esc(v.address)}</span></div>
  <div class="photo"></div><div class="specimen">样本 SPECIMEN</div>
  <div class="number"><span class="label">公民身份号码</span><span class="digits">${v.idNumber}</span></div>
</div>`;
  return page(ID_CARD_SIZE.width, ID_CARD_SIZE.height, body, css);
}

export function idCardBackHtml(v: IdCardValues): string {
  const dotted = (iso: string) => iso.replaceAll('-', '.');
  const css = `
  .card { position: relative; width: 428px; height: 270px; border-radius: 14px; overflow: hidden;
    background: linear-gradient(135deg, #f4efe2 0%, #eef3f1 60%, #f1ece4 100%); color: #111; }
  .emblem { position: absolute; left: 30px; top: 24px; width: 70px; height: 70px; border-radius: 50%;
    border: 4px solid #c33; }
  .title { position: absolute; left: 130px; top: 30px; font-size: 22px; letter-spacing: 6px; }
  .sub { position: absolute; left: 150px; top: 70px; font-size: 28px; letter-spacing: 10px; font-weight: bold; }
  .row { position: absolute; left: 60px; font-size: 15px; display: flex; gap: 16px; }
  .label { color: #1d5f8c; font-size: 13px; letter-spacing: 2px; }`;
  const body = `<div class="card"><div class="emblem"></div>
  <div class="title">中华人民共和国</div><div class="sub">居民身份证</div>
  <div class="row" style="top:170px"><span class="label">签发机关</span><span>${esc(v.authority)}</span></div>
  <div class="row" style="top:206px"><span class="label">有效期限</span>
    <span>${dotted(v.validFrom)}-${dotted(v.validTo)}</span></div></div>`;
  return page(ID_CARD_SIZE.width, ID_CARD_SIZE.height, body, css);
}

export const PASSPORT_SIZE = { width: 500, height: 352 };

export function passportHtml(v: PassportValues): string {
  const css = `
  .page { position: relative; width: 500px; height: 352px; overflow: hidden; color: #111;
    background: linear-gradient(160deg, #f3efe6 0%, #e9f0ec 50%, #f1ebe6 100%); }
  .head { position: absolute; left: 20px; top: 12px; font-size: 13px; color: #6a2a2a; }
  .photo { position: absolute; left: 22px; top: 52px; width: 104px; height: 132px;
    background: linear-gradient(#d9dde2, #c4cbd3); }
  .f { position: absolute; font-size: 9px; color: #3b4f66; }
  .v { display: block; font-size: 14px; color: #111; margin-top: 1px; }
  .mrz { position: absolute; left: 16px; bottom: 14px; font-family: ${MONO}; font-size: 15.4px;
    line-height: 24px; letter-spacing: 0.3px; white-space: pre; color: #000; }`;
  const sexText = v.sex === 'M' ? '男/M' : '女/F';
  const field = (left: number, top: number, label: string, value: string) =>
    `<div class="f" style="left:${left}px;top:${top}px">${label}<span class="v">${esc(value)}</span></div>`;
  const body = `<div class="page">
  <div class="head">中华人民共和国 护照 &nbsp; PEOPLE'S REPUBLIC OF CHINA · PASSPORT · 样本 SPECIMEN</div>
  <div class="photo"></div>
  ${field(146, 40, '类型/Type', 'P')}
  ${field(236, 40, '国家码/Country Code', v.issuingState)}
  ${field(360, 40, '护照号/Passport No.', v.printedNumber)}
  ${field(146, 80, '姓名/Name', `${v.surname}, ${v.givenNames}`)}
  ${field(146, 120, '性别/Sex', sexText)}
  ${field(236, 120, '国籍/Nationality', '中国/CHINESE')}
  ${field(146, 160, '出生日期/Date of birth', passportDate(v.birthDate))}
  ${field(300, 160, '有效期至/Date of expiry', passportDate(v.expiryDate))}
  <div class="mrz">${esc(v.mrz[0])}\n${esc(v.mrz[1])}</div></div>`;
  return page(PASSPORT_SIZE.width, PASSPORT_SIZE.height, body, css);
}

/** A4 landscape at 96 dpi. */
export const LICENCE_SIZE = { width: 1123, height: 794 };

export function licenceHtml(v: LicenceValues): string {
  const css = `
  @page { size: A4 landscape; margin: 0; }
  .sheet { position: relative; width: 1123px; height: 794px; padding: 50px 80px; color: #111;
    border: 18px double #b8862b; background: #fffdf7; }
  .title { text-align: center; font-size: 56px; letter-spacing: 28px; color: #9b1c1c; margin-top: 48px; }
  .sub { text-align: center; font-size: 16px; color: #555; margin-top: 4px; }
  .code { position: absolute; left: 80px; top: 48px; font-size: 16px; }
  .code b { font-family: ${MONO}; font-size: 20px; letter-spacing: 1px; margin-left: 8px; }
  .rows { margin-top: 50px; width: 620px; }
  .row { display: flex; font-size: 19px; margin-bottom: 22px; line-height: 28px; }
  .label { width: 140px; flex: none; text-align-last: justify; margin-right: 28px; color: #333; }
  .seal { position: absolute; right: 120px; bottom: 90px; width: 150px; height: 150px; border-radius: 50%;
    border: 4px solid rgba(200,30,30,.6); color: rgba(200,30,30,.6); font-size: 15px; text-align: center;
    padding-top: 62px; }`;
  const row = (label: string, value: string) =>
    `<div class="row"><span class="label">${label}</span><span>${esc(value)}</span></div>`;
  const body = `<div class="sheet">
  <div class="code">统一社会信用代码<b>${v.uscc}</b></div>
  <div class="title">营业执照</div><div class="sub">（副本） 样本 SPECIMEN</div>
  <div class="rows">
  ${row('名称', v.companyName)}
  ${row('类型', v.type)}
  ${row('法定代表人', v.legalRepresentative)}
  ${row('注册资本', '人民币壹佰万元整')}
  ${row('成立日期', chineseDate(v.establishmentDate, true))}
  ${row('住所', v.address)}
  </div><div class="seal">登记机关（样本）</div></div>`;
  return page(LICENCE_SIZE.width, LICENCE_SIZE.height, body, css);
}
