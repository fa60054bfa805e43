// The authorization letter template (docs/product-rules.md "Authorizer step"): a one-page PDF written by
// hand, so no PDF library is needed. English lines use the standard Helvetica font; Chinese lines
// use the predefined CJK font STSong-Light (UniGB-UCS2-H), which PDF readers supply themselves,
// so nothing is embedded. Built once: it has no variables.

interface Line {
  text: string;
  size: number;
  chinese?: boolean;
}

const LINES: Line[] = [
  { text: 'Authorization Letter', size: 20 },
  { text: '授权书', size: 20, chinese: true },
  { text: '', size: 12 },
  { text: 'Company name: ____________________________________________', size: 12 },
  { text: 'Business license / registration number: ____________________', size: 12 },
  { text: '', size: 12 },
  { text: 'We hereby authorize the person named below to complete the enterprise', size: 12 },
  { text: 'certification of the company on our behalf and to act for the company', size: 12 },
  { text: 'in all matters of the certification.', size: 12 },
  { text: '兹授权下列人员代表本公司办理企业认证的全部事宜。', size: 12, chinese: true },
  { text: '', size: 12 },
  { text: 'Authorized person / 被授权人: ______________________________', size: 12, chinese: true },
  { text: 'Document number / 证件号码: _______________________________', size: 12, chinese: true },
  { text: '', size: 12 },
  { text: 'Legal person or director / 法定代表人或董事: ________________', size: 12, chinese: true },
  { text: 'Signature and company seal / 签字并加盖公章: _______________', size: 12, chinese: true },
  { text: 'Date / 日期: ____________________', size: 12, chinese: true },
];

function latinString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** UCS-2 big-endian hex, the encoding UniGB-UCS2-H reads (every character here is in the BMP). */
function ucs2Hex(text: string): string {
  let hex = '';
  for (const ch of text) hex += (ch.codePointAt(0) ?? 0x3f).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

function contentStream(): string {
  const ops: string[] = ['BT', '72 770 Td'];
  for (const line of LINES) {
    const font = line.chinese ? 'F2' : 'F1';
    const shown = line.chinese ? ucs2Hex(line.text) : latinString(line.text);
    ops.push(`/${font} ${line.size} Tf`, `${shown} Tj`, `0 -${Math.round(line.size * 1.8)} Td`);
  }
  ops.push('ET');
  return ops.join('\n');
}

function buildPdf(): Buffer {
  const content = contentStream();
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 8 0 R /DW 1000 >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let cached: Buffer | undefined;

export function authorizationLetterTemplate(): Buffer {
  cached ??= buildPdf();
  return cached;
}

export const AUTHORIZATION_LETTER_FILE_NAME = 'authorization-letter-template.pdf';
